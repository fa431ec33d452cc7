import type { Session } from '../sql/session';
import { quoteIdent, snapshotReader, type SequenceValue, type TableInfo } from './snapshot-reader';

/** Tables whose rows do not make a database "in use": the migrator's record and per-minute budgets. */
const NOT_DATA = new Set(['mikro_orm_migrations', 'rate_limit']);
/** What a restore writes while a blob's new key is not yet known: never a key a store makes. */
const OLD_KEY = 'restoring:';

/** Writes a backup's rows into an empty database, inside one transaction. */
export interface RestoreWriter {
  /** Inserts rows given as JSON texts (`row_to_json`), each holding `table.columns`. */
  insert(table: TableInfo, rows: readonly string[]): Promise<void>;
  setSequences(values: readonly SequenceValue[]): Promise<void>;
  /** Attachments name their files by the keys the new blob store gave them (`old` → `new`). */
  rekeyBlobs(keys: ReadonlyMap<string, string>): Promise<void>;
}

/** What a restore needs to know of the target before it writes. */
export interface RestoreTarget {
  migrations(): Promise<string[]>;
  /** The first table holding a row (or `large objects`); null when the database holds no data. */
  firstInUse(): Promise<string | null>;
}

export function restoreTarget(session: Session): RestoreTarget {
  const reader = snapshotReader(session);
  return {
    migrations: () => reader.migrations(),
    async firstInUse() {
      const { rows } = await session.run({ text: "SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p') ORDER BY relname", values: [] });
      for (const [name] of rows) {
        if (NOT_DATA.has(String(name))) continue;
        const found = await session.run({ text: `SELECT 1 FROM ${quoteIdent(String(name))} LIMIT 1`, values: [] });
        if (found.rows.length > 0) return String(name);
      }
      const objects = await session.run({ text: 'SELECT 1 FROM pg_largeobject_metadata LIMIT 1', values: [] });
      return objects.rows.length > 0 ? 'large objects' : null;
    },
  };
}

/**
 * Runs `work` with the foreign keys of the schema set aside, then puts every one back, which
 * checks each against the rows restored (the tables refer to each other in a circle, a part to
 * its active revision and a revision to its part, so no insert order would do).
 */
export async function withForeignKeysAside(session: Session, work: (writer: RestoreWriter) => Promise<void>): Promise<void> {
  const run = (sql: string, values: Array<string | null> = []) => session.run({ text: sql, values });
  const { rows: keys } = await run(
    `SELECT quote_ident(c.relname), quote_ident(k.conname), pg_get_constraintdef(k.oid)
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace ORDER BY 1, 2`,
  );
  for (const [table, name] of keys) await run(`ALTER TABLE ${String(table)} DROP CONSTRAINT ${String(name)}`);
  await work({
    async insert(table, rows) {
      if (rows.length === 0) return;
      const columns = table.columns.map(quoteIdent).join(', ');
      await run(`INSERT INTO ${quoteIdent(table.name)} (${columns}) SELECT ${columns} FROM json_populate_recordset(null::${quoteIdent(table.name)}, $1::json)`, [`[${rows.join(',')}]`]);
    },
    async setSequences(values) {
      for (const { name, value } of values) {
        if (value !== null) await run('SELECT setval($1::regclass, $2::bigint, true)', [quoteIdent(name), value]);
      }
    },
    async rekeyBlobs(map) {
      // Old keys first move aside, so an old key equal to another file's new one never collides.
      await run(`UPDATE attachment SET blob_key = '${OLD_KEY}' || blob_key`);
      const pairs = JSON.stringify([...map].map(([old, key]) => ({ old: OLD_KEY + old, key })));
      await run('UPDATE attachment a SET blob_key = m.key FROM json_to_recordset($1::json) AS m(old text, key text) WHERE a.blob_key = m.old', [pairs]);
      const { rows } = await run(`SELECT count(*)::text FROM attachment WHERE blob_key LIKE '${OLD_KEY}%'`);
      if (Number(rows[0]?.[0]) > 0) throw new Error(`${String(rows[0]?.[0])} attachments name a file the backup does not hold`);
    },
  });
  for (const [table, name, definition] of keys) await run(`ALTER TABLE ${String(table)} ADD CONSTRAINT ${String(name)} ${String(definition)}`);
}
