import type { Session } from '../sql/session';

/** Tables a backup leaves out: the migrator's own record (the manifest lists it), per-minute rate budgets, and the large objects' bookkeeping (a restore's puts write it anew). */
export const NOT_BACKED_UP = new Set(['mikro_orm_migrations', 'rate_limit', 'large_object_blob']);

/** Rows are read from a cursor this many at a time, so a large table never sits in memory whole. */
const FETCH_ROWS = 1000;
/** A large object is read in pieces of this size. */
const LARGE_OBJECT_PIECE = 1_048_576;

export interface TableInfo {
  readonly name: string;
  /** Its columns in table order, generated ones left out (they are computed again). */
  readonly columns: readonly string[];
}

export interface SequenceValue {
  readonly name: string;
  /** The last value handed out; null when the sequence has handed out none. */
  readonly value: string | null;
}

/** A file an attachment row names: its key in the blob store, and its size and md5 as the row says. */
export interface AttachmentBlob {
  readonly key: string;
  readonly size: number;
  readonly md5: string;
}

/** Reads a database as one point in time (one REPEATABLE READ transaction). */
export interface SnapshotReader {
  /** The migrations applied, in the order they were. */
  migrations(): Promise<string[]>;
  tables(): Promise<TableInfo[]>;
  /** Each row of `table` as PostgreSQL's own JSON text (`row_to_json`): numbers and times exactly as stored. */
  rows(table: TableInfo): AsyncIterable<string>;
  sequences(): Promise<SequenceValue[]>;
  attachmentBlobs(): Promise<AttachmentBlob[]>;
  /** A large object's bytes as of the snapshot (PostgreSQL's blobs), read in pieces. */
  largeObject(oid: string, size: number): AsyncIterable<Buffer>;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

const text = (value: unknown) => String(value);

export function snapshotReader(session: Session): SnapshotReader {
  const run = (sql: string, values: Array<string | null> = []) => session.run({ text: sql, values });
  let cursors = 0;
  return {
    async migrations() {
      const { rows } = await run('SELECT name FROM mikro_orm_migrations ORDER BY id');
      return rows.map((row) => text(row[0]));
    },
    async tables() {
      const { rows } = await run(
        `SELECT c.relname, array_to_json(array_agg(a.attname::text ORDER BY a.attnum))::text
           FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
          WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
            AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
          GROUP BY c.relname ORDER BY c.relname`,
      );
      return rows
        .map((row) => ({ name: text(row[0]), columns: JSON.parse(text(row[1])) as string[] }))
        .filter((table) => !NOT_BACKED_UP.has(table.name));
    },
    async *rows(table) {
      const cursor = `pips_backup_${++cursors}`;
      await run(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text FROM ${quoteIdent(table.name)} t`);
      try {
        for (;;) {
          const { rows } = await run(`FETCH ${FETCH_ROWS} FROM ${cursor}`);
          for (const row of rows) yield text(row[0]);
          if (rows.length < FETCH_ROWS) break;
        }
      } finally {
        await run(`CLOSE ${cursor}`);
      }
    },
    async sequences() {
      const { rows } = await run('SELECT sequencename::text, last_value::text FROM pg_sequences WHERE schemaname = current_schema() ORDER BY 1');
      return rows.map((row) => ({ name: text(row[0]), value: row[1] === null ? null : text(row[1]) }));
    },
    async attachmentBlobs() {
      const { rows } = await run('SELECT blob_key, file_size::text, md5 FROM attachment ORDER BY id');
      return rows.map((row) => ({ key: text(row[0]), size: Number(row[1]), md5: text(row[2]) }));
    },
    async *largeObject(oid, size) {
      for (let offset = 0; offset < size; offset += LARGE_OBJECT_PIECE) {
        const { rows } = await run('SELECT encode(lo_get($1::oid, $2::bigint, $3::int), \'hex\')', [oid, String(offset), String(Math.min(LARGE_OBJECT_PIECE, size - offset))]);
        yield Buffer.from(text(rows[0]?.[0] ?? ''), 'hex');
      }
    },
  };
}
