import { serialize } from 'pg-protocol';
import type { CommandCompleteMessage, DataRowMessage, DatabaseError, RowDescriptionMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import type { Answer, RunOptions, Session } from './session';
import type { Statement } from './statements';

/** Posts a buffer of protocol messages to the embedded database now; resolves with its raw answer. */
export type PostProtocol = (message: Uint8Array) => Promise<Uint8Array>;

/** Statement names by text (see `createStatementNames`), and the names prepared on the database. */
export interface PreparedNames {
  nameOf(text: string): string | undefined;
  readonly prepared: Set<string>;
}

const BOOL = 16;
const JSON_TYPES = new Set([114, 3802]);

/** Text as the result's column type needs it: booleans and JSON parsed, the rest left as text for the row mappers. */
function parserOf(dataTypeId: number): ((text: string) => unknown) | null {
  if (dataTypeId === BOOL) return (text) => text === 't';
  if (JSON_TYPES.has(dataTypeId)) return (text) => JSON.parse(text) as unknown;
  return null;
}

/** One answer's rows and count, which of its parts' Parse went through, and PostgreSQL's error if it failed. */
interface ParsedAnswer extends Answer {
  /** The parts (counted by their Sync, from 0: the leading commands', then the statement's) whose Parse went through. */
  readonly parsed: ReadonlySet<number>;
  readonly error: Error | undefined;
  /** The error of a command sent after the statement's Sync (a COMMIT travelling with it). */
  readonly laterError: Error | undefined;
}

/**
 * Reads PGlite's answer bytes (in the store's thread: measured cheaper than parsing in the worker
 * and cloning rows). `leading`: commands answered before the statement (a BEGIN, a lock travelling with it).
 */
function answerOf(raw: Uint8Array, leading = 0): ParsedAnswer {
  let parsers: Array<((text: string) => unknown) | null> = [];
  const rows: unknown[][] = [];
  let count = 0;
  const parsed = new Set<number>();
  let error: Error | undefined;
  let laterError: Error | undefined;
  let syncs = 0;
  let synced = false;
  new Parser().parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), (message) => {
    if (synced) {
      if (message.name === 'error') laterError ??= message as DatabaseError;
      return;
    }
    switch (message.name) {
      case 'readyForQuery':
        synced = ++syncs > leading;
        // A leading command's rows (a lock's) are not the statement's.
        if (!synced) rows.length = count = 0;
        break;
      case 'parseComplete':
        parsed.add(syncs);
        break;
      case 'rowDescription':
        parsers = (message as RowDescriptionMessage).fields.map((field) => parserOf(field.dataTypeID));
        break;
      case 'dataRow':
        rows.push((message as DataRowMessage).fields.map((text: string | null, i) => (text === null ? null : (parsers[i]?.(text) ?? text))));
        break;
      case 'commandComplete':
        // `SELECT 3`, `INSERT 0 1`, `DELETE 2`: the last word is how many rows.
        count = Number(/(\d+)$/.exec((message as CommandCompleteMessage).text)?.[1] ?? 0);
        break;
      case 'error':
        // PostgreSQL's DatabaseError (code, constraint, …), for translateError.
        error ??= message as DatabaseError;
        break;
    }
  });
  return { rows, count, parsed, error, laterError };
}

const BEGIN = serialize.query('BEGIN');
const COMMIT = serialize.query('COMMIT');

/**
 * Statements on PGlite as one buffer of protocol messages (parse, bind, describe, execute, sync):
 * one call into the embedded database per statement, where its `query()` makes six, the first to
 * learn the parameter types. Parameters go as text, which needs no types (see `toParam`). A
 * statement is parsed once under its name and then only bound and executed: PGlite is one
 * session, so its prepared statements last as long as the database (a show went from 565 to
 * 158 µs). Statements are posted without waiting for each other's answers, so a name counts as
 * prepared from the moment its Parse is posted (the session answers in order); an answer without
 * ParseComplete takes it back, and the next use parses afresh.
 *
 * `begin`: the first statement carries BEGIN in its buffer (one crossing to the database's
 * thread instead of two); `begun` tells whether it was sent. A statement that commits carries
 * COMMIT after it (a first one runs on its own, one statement being atomic); `ended` tells that
 * the transaction needs no end; `postLast` posts it, when given (nothing of the transaction
 * follows it), and the run's `posted` is called once it has. Statements to run `before` it (a
 * lock) go in the same buffer: without parameters through the simple protocol, else as this one.
 */
export function pgliteProtocolSession(
  post: PostProtocol,
  { nameOf, prepared }: PreparedNames,
  options: { begin?: boolean; postLast?: PostProtocol } = {},
): Session & { readonly begun: boolean; readonly ended: boolean } {
  let begun = false;
  let ended = false;
  return {
    get begun() {
      return begun;
    },
    get ended() {
      return ended;
    },
    async run({ text, values }: Statement, runOptions?: RunOptions) {
      if (ended) throw new Error('The transaction has ended');
      const commit = options.begin === true && runOptions?.commit === true;
      const parts: Buffer[] = [];
      const before = runOptions?.before ?? [];
      // A lock before a first statement that commits needs the transaction around both.
      const begins = options.begin === true && !begun && (!commit || before.length > 0);
      if (begins) parts.push(BEGIN);
      // Each part's name, when its Parse is posted under one: an answer without its ParseComplete takes the name back.
      const parsing: Array<string | undefined> = begins ? [undefined] : [];
      const extended = (statement: Statement) => {
        const named = nameOf(statement.text);
        const parses = named === undefined || !prepared.has(named);
        if (parses) parts.push(serialize.parse({ name: named, text: statement.text, types: [] }));
        if (named !== undefined) prepared.add(named);
        parts.push(
          serialize.bind({ statement: named, values: statement.values as Array<string | null> }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        );
        parsing.push(parses ? named : undefined);
      };
      // A named lock by the simple protocol; a row lock, which has parameters, as a statement.
      for (const sent of before) {
        if (sent.values.length === 0) {
          parts.push(serialize.query(sent.text));
          parsing.push(undefined);
        } else extended(sent);
      }
      const commitAfter = commit && (begun || begins);
      if (commit) ended = true;
      begun = true;
      extended({ text, values });
      // A failed statement leaves the transaction aborted, and COMMIT then rolls it back.
      if (commitAfter) parts.push(COMMIT);
      const last = commit && options.postLast !== undefined;
      const answered = (last ? options.postLast! : post)(Buffer.concat(parts));
      // `postLast` posts before it returns: whatever is posted from here runs after this statement.
      if (last) runOptions?.posted?.();
      const { rows, count, parsed, error, laterError } = answerOf(await answered, (begins ? 1 : 0) + before.length);
      parsing.forEach((named, part) => {
        if (named !== undefined && !parsed.has(part)) prepared.delete(named);
      });
      if (error) throw error;
      if (laterError) throw laterError;
      return { rows, count };
    },
  };
}

/** A statement without parameters through the simple protocol (COMMIT, ROLLBACK); throws PostgreSQL's error. */
export async function pgliteCommand(post: PostProtocol, sql: string): Promise<void> {
  const { error } = answerOf(await post(serialize.query(sql)));
  if (error) throw error;
}
