import { Gauge, type Registry } from 'prom-client';

/** The PostgreSQL pool at one moment. */
export interface PoolUse {
  /** Connections open, busy or idle. */
  readonly total: number;
  readonly idle: number;
  /** Callers waiting for a connection. */
  readonly waiting: number;
  /** The most connections the pool opens. */
  readonly max: number;
}

/** What the store can tell of its load, read at each scrape; an engine tells what it has. */
export interface StoreLoad {
  /** PostgreSQL: its pool of connections. */
  readonly pool?: () => PoolUse;
  /** Embedded PGlite: the store's work waiting its turn on the single session. */
  readonly queued?: () => number;
}

/** Gauges read from the store when scraped (prom-client's `collect`): they cost nothing per request. */
export function registerStoreGauges(registry: Registry, load: StoreLoad): void {
  const { pool, queued } = load;
  if (pool) {
    const gauge = (name: string, help: string, read: (use: PoolUse) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool()));
        },
      });
    gauge('pips_store_pool_connections', 'Connections the PostgreSQL pool holds open, busy or idle.', (use) => use.total);
    gauge('pips_store_pool_idle_connections', 'Open connections of the PostgreSQL pool that are idle.', (use) => use.idle);
    gauge('pips_store_pool_waiting_requests', 'Callers waiting for a connection of the PostgreSQL pool.', (use) => use.waiting);
    gauge('pips_store_pool_max_connections', 'The most connections the PostgreSQL pool opens (DATABASE_POOL_MAX).', (use) => use.max);
  }
  if (queued) {
    new Gauge({
      name: 'pips_store_queue_waiting',
      help: "Store work waiting its turn on the embedded database's single session.",
      registers: [registry],
      collect() {
        this.set(queued());
      },
    });
  }
}
