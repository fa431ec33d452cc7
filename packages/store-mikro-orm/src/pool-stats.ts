/** What a scrape of the server's metrics reads of the PostgreSQL pool, at that moment. */
export interface PoolStats {
  /** Connections open, busy or idle. */
  readonly total: number;
  readonly idle: number;
  /** Callers waiting for a connection: the pool is at `max` and all are busy. */
  readonly waiting: number;
  /** The most connections the pool opens (DATABASE_POOL_MAX). */
  readonly max: number;
}

/** The counters node-postgres's Pool keeps (typed locally: `pg` is the driver's dependency). */
interface PgPoolCounters {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly options: { readonly max: number };
}

/** Reads the pool's own counters when asked: nothing is counted per statement. */
export function poolStatsOf(pool: object): () => PoolStats {
  const counters = pool as PgPoolCounters;
  return () => ({ total: counters.totalCount, idle: counters.idleCount, waiting: counters.waitingCount, max: counters.options.max });
}
