import { serialize } from 'pg-protocol';
import { createStatementNames, type Answer, type Session } from './session';
import type { Statement } from './statements';

/** A message PGlite answers with, as its parser gives it (only what is read here). */
interface BackendMessage {
  readonly name: string;
  readonly fields?: ReadonlyArray<{ readonly dataTypeID: number } | string | null>;
  readonly text?: string;
}

/** The part of a PGlite instance used here: the wire protocol, a buffer of messages at a time. */
export interface PgliteProtocol {
  execProtocol(message: Uint8Array): Promise<{ messages: readonly BackendMessage[] }>;
}

const BOOL = 16;
const JSON_TYPES = new Set([114, 3802]);

/** Text as the result's column type needs it: booleans and JSON parsed, the rest left as text for the row mappers. */
function parserOf(dataTypeId: number): ((text: string) => unknown) | null {
  if (dataTypeId === BOOL) return (text) => text === 't';
  if (JSON_TYPES.has(dataTypeId)) return (text) => JSON.parse(text) as unknown;
  return null;
}

/** The rows and count of one statement's messages. */
function answerOf(messages: readonly BackendMessage[]): Answer {
  let parsers: Array<((text: string) => unknown) | null> = [];
  const rows: unknown[][] = [];
  let count = 0;
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      parsers = (message.fields as ReadonlyArray<{ dataTypeID: number }>).map((field) => parserOf(field.dataTypeID));
    } else if (message.name === 'dataRow') {
      const fields = message.fields as ReadonlyArray<string | null>;
      rows.push(fields.map((text, i) => (text === null ? null : (parsers[i]?.(text) ?? text))));
    } else if (message.name === 'commandComplete') {
      // `SELECT 3`, `INSERT 0 1`, `DELETE 2`: the last word is how many rows.
      count = Number(/(\d+)$/.exec(message.text ?? '')?.[1] ?? 0);
    }
  }
  return { rows, count };
}

/** Names prepared on each PGlite instance: the session's, shared by every store opened on it. */
const preparedByInstance = new WeakMap<PgliteProtocol, Set<string>>();

function preparedOn(db: PgliteProtocol): Set<string> {
  let names = preparedByInstance.get(db);
  if (!names) preparedByInstance.set(db, (names = new Set()));
  return names;
}

/**
 * Statements on PGlite as one buffer of protocol messages (parse, bind, describe, execute, sync):
 * one call into the embedded database per statement, where its `query()` makes six, the first to
 * learn the parameter types. Parameters go as text, which needs no types (see `toParam`). A
 * statement is parsed once under its name and then only bound and executed: PGlite is one
 * session, so its prepared statements last as long as the store (a show went from 565 to 158 µs).
 */
export function pgliteProtocolSession(db: PgliteProtocol): Session {
  const nameOf = createStatementNames();
  const prepared = preparedOn(db);
  return {
    async run({ text, values }: Statement) {
      const name = nameOf(text);
      const parts: Buffer[] = [];
      if (name === undefined || !prepared.has(name)) parts.push(serialize.parse({ name, text, types: [] }));
      parts.push(
        serialize.bind({ statement: name, values: values as Array<string | null> }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      );
      try {
        // A failed statement rejects with PostgreSQL's error (code, constraint), after the sync.
        const answer = answerOf((await db.execProtocol(Buffer.concat(parts))).messages);
        if (name !== undefined) prepared.add(name);
        return answer;
      } catch (error) {
        // Whether the parse got through or not, the next use parses afresh.
        if (name !== undefined && !prepared.has(name)) {
          await db.execProtocol(Buffer.concat([serialize.close({ type: 'S', name }), serialize.sync()])).catch(() => undefined);
        }
        throw error;
      }
    },
  };
}

/** A statement without parameters through the simple protocol (BEGIN, COMMIT, ROLLBACK). */
export async function pgliteCommand(db: PgliteProtocol, sql: string): Promise<void> {
  await db.execProtocol(serialize.query(sql));
}
