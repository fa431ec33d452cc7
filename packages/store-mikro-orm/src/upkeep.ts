import type { Session, Sessions } from './sql/session';

/**
 * What an embedded database needs that PostgreSQL's background processes do for a server: PGlite
 * is PostgreSQL in single-user mode, which runs no autovacuum and never checkpoints on its own, so
 * dead rows, stale statistics and the write-ahead log (pg_wal) would only grow until it is closed.
 * See docs/decisions.md, "Upkeep of the embedded database".
 */

/** Committed transactions between two automatic runs on PGlite. */
export const UPKEEP_EVERY = 1000;

/** What a vacuum did: the tables, its time, and on PGlite the database folder's size around it. */
export interface VacuumReport {
  readonly engine: 'pglite' | 'postgresql';
  readonly tables: number;
  readonly ms: number;
  /** PGlite: the bytes of `DATA_DIR/pglite` before and after (pg_wal included). */
  readonly bytesBefore?: number;
  readonly bytesAfter?: number;
}

export interface Upkeep {
  /** Told of each committed transaction: every `every`-th starts an automatic run, unless one is running. */
  committed(): void;
  /** The automatic run, now: the tables autovacuum would pick, then (PGlite) a checkpoint. Answers the statements run. */
  run(): Promise<string[]>;
  /** `VACUUM (ANALYZE)` of every table of PIPS's schema, then (PGlite) a checkpoint: the operator's command. */
  vacuumAll(): Promise<VacuumReport>;
  /** Resolves once no automatic run is under way. */
  settled(): Promise<void>;
}

export interface UpkeepOptions {
  readonly engine: 'pglite' | 'postgresql';
  readonly sessions: Pick<Sessions, 'reads' | 'alone'>;
  /** Committed transactions between automatic runs; 0: none (PostgreSQL has autovacuum). */
  readonly every: number;
  /** PGlite: the size of its folder. */
  readonly size?: () => Promise<number>;
  /** Where an automatic run's failure is told (it fails no request). */
  readonly warn?: (message: string) => void;
}

/** A table of the schema and what PostgreSQL's statistics say of it since its last vacuum and analyze. */
interface TableStats {
  readonly name: string;
  readonly live: number;
  readonly dead: number;
  readonly insertedSinceVacuum: number;
  readonly changedSinceAnalyze: number;
}

const TABLE_STATS = `SELECT relname::text, n_live_tup, n_dead_tup, n_ins_since_vacuum, n_mod_since_analyze
  FROM pg_stat_user_tables WHERE schemaname = current_schema() ORDER BY relname`;

async function tableStats(reads: Session): Promise<TableStats[]> {
  const { rows } = await reads.run({ text: TABLE_STATS, values: [] });
  return rows.map(([name, live, dead, inserted, changed]) => ({
    name: String(name),
    live: Number(live),
    dead: Number(dead),
    insertedSinceVacuum: Number(inserted),
    changedSinceAnalyze: Number(changed),
  }));
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * What autovacuum would do to `table` at PostgreSQL's default thresholds: vacuum past 50 dead rows
 * and a fifth of the live ones, or past 1000 rows inserted and a fifth (so an append-only table's
 * pages are marked all-visible and frozen too); analyze past 50 rows changed and a tenth.
 */
export function upkeepStatement(table: TableStats): string | null {
  const vacuum = table.dead > 50 + 0.2 * table.live || table.insertedSinceVacuum > 1000 + 0.2 * table.live;
  const analyze = table.changedSinceAnalyze > 50 + 0.1 * table.live;
  if (vacuum) return analyze ? `VACUUM (ANALYZE) ${quoted(table.name)}` : `VACUUM ${quoted(table.name)}`;
  return analyze ? `ANALYZE ${quoted(table.name)}` : null;
}

/**
 * The upkeep of one store's database. Each table is a command of its own, so on PGlite a request
 * arriving meanwhile waits for one table at most, never for the whole run.
 */
export function createUpkeep({ engine, sessions, every, size, warn = console.warn }: UpkeepOptions): Upkeep {
  let count = 0;
  let running: Promise<unknown> | null = null;
  const checkpoint = async () => {
    // Single-user PostgreSQL only checkpoints when asked: this lets it reuse or remove old WAL.
    if (engine === 'pglite') await sessions.alone('CHECKPOINT');
  };

  async function run(): Promise<string[]> {
    const statements = (await tableStats(sessions.reads)).map(upkeepStatement).filter((sql) => sql !== null);
    for (const sql of statements) await sessions.alone(sql);
    await checkpoint();
    return statements;
  }

  return {
    committed() {
      if (every <= 0 || ++count < every || running) return;
      count = 0;
      running = run()
        .catch((error: unknown) => warn(`pips: the embedded database's upkeep failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => (running = null));
    },
    run,
    async vacuumAll() {
      const started = performance.now();
      const bytesBefore = await size?.();
      const tables = await tableStats(sessions.reads);
      for (const table of tables) await sessions.alone(`VACUUM (ANALYZE) ${quoted(table.name)}`);
      await checkpoint();
      const bytesAfter = await size?.();
      return { engine, tables: tables.length, ms: performance.now() - started, ...(size && { bytesBefore, bytesAfter }) };
    },
    async settled() {
      await running;
    },
  };
}
