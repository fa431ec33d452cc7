import { serialize } from 'pg-protocol';
import type { Answer, Session } from './session';
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

/**
 * Statements on PGlite as one buffer of protocol messages (parse, bind, describe, execute, sync):
 * one call into the embedded database per statement, where its `query()` makes six, the first to
 * learn the parameter types. Parameters go as text, which needs no types (see `toParam`).
 */
export function pgliteProtocolSession(db: PgliteProtocol): Session {
  return {
    async run({ text, values }: Statement) {
      const message = Buffer.concat([
        serialize.parse({ text, types: [] }),
        serialize.bind({ values: values as Array<string | null> }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      // A failed statement rejects with PostgreSQL's error (code, constraint), after the sync.
      return answerOf((await db.execProtocol(message)).messages);
    },
  };
}

/** A statement without parameters through the simple protocol (BEGIN, COMMIT, ROLLBACK). */
export async function pgliteCommand(db: PgliteProtocol, sql: string): Promise<void> {
  await db.execProtocol(serialize.query(sql));
}
