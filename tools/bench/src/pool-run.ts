import { loadOf, ROUNDS, warmUpOf } from './load-settings';
import type { Figures, Send } from './measure';
import { pipsPoolMax } from './pool-size';
import { interleaved } from './rounds';
import { seed, startServer, TOKEN, type Engine } from './server';

/** The pool sizes compared (BENCH_POOLS, comma-separated) and the client counts each is loaded with. */
export const POOLS = (process.env.BENCH_POOLS ?? '4,10,20').split(',').map(Number);
export const CLIENTS = [10, 50];

/** One row of the comparison: a pool size under a load, on one target. */
export interface PoolFigure {
  target: string;
  clients: number;
  pool: number;
  figures: Figures;
}

/** The rows as a table: per target and load, each pool's requests per second, p50/p99, and its ratio to the first pool's. */
export function poolTable(rows: readonly PoolFigure[]): string[] {
  const lines = [`${'target'.padEnd(22)} ${'clients'.padStart(7)} ${'pool'.padStart(4)} ${'req/s'.padStart(8)} ${'p50ms'.padStart(6)} ${'p99ms'.padStart(6)} ${'vs first'.padStart(8)}`];
  for (const row of rows) {
    const first = rows.find((other) => other.target === row.target && other.clients === row.clients);
    const relative = first && first.figures.requestsPerSecond > 0 ? (row.figures.requestsPerSecond / first.figures.requestsPerSecond).toFixed(3) : '-';
    const { requestsPerSecond, p50, p99, errors } = row.figures;
    lines.push(
      `${row.target.padEnd(22)} ${String(row.clients).padStart(7)} ${String(row.pool).padStart(4)} ${requestsPerSecond.toFixed(0).padStart(8)} ` +
        `${String(p50).padStart(6)} ${String(p99).padStart(6)} ${relative.padStart(8)}${errors > 0 ? `  errors ${errors}` : ''}`,
    );
  }
  return lines;
}

/**
 * PIPS on PostgreSQL at each pool size (one server each, all on the same database), taking turns
 * on show unit and create manufacturer under each client count: what the default pool size is
 * chosen from (docs/decisions.md).
 */
export async function runPools(engine: Engine): Promise<PoolFigure[]> {
  const prepared = engine.prepare();
  const stops: Array<() => Promise<void> | void> = [() => prepared.cleanup()];
  try {
    const servers: Array<{ pool: number; url: string }> = [];
    for (const pool of POOLS) {
      const server = await startServer({ ...prepared, env: { ...prepared.env, DATABASE_POOL_MAX: String(pool) } });
      stops.push(() => server.stop());
      const reported = await pipsPoolMax(server.url);
      if (reported !== pool) throw new Error(`PIPS started with DATABASE_POOL_MAX=${pool} reports a pool of ${String(reported)}`);
      servers.push({ pool, url: server.url });
    }
    const { showPath } = await seed(servers[0]!.url, 10);
    const stamp = Date.now();
    // Each load's names its own: a name taken is a refusal, not a create.
    const create = (pool: number, clients: number): Send => {
      let n = 0;
      return { body: () => `<manufacturer><name>bench pool ${pool} ${clients} ${stamp} ${n++}</name></manufacturer>` };
    };
    const targets = [
      { target: 'show unit', path: showPath, send: (): Send | undefined => undefined },
      { target: 'create manufacturer', path: `/api/v2/${TOKEN}/manufacturer`, send: create },
    ];
    const rows: PoolFigure[] = [];
    for (const clients of CLIENTS) {
      const load = loadOf(clients);
      for (const { target, path, send } of targets) {
        const contenders = servers.map(({ pool, url }) => ({ name: String(pool), url: url + path, post: send(pool, clients) }));
        const result = await interleaved(contenders, load, warmUpOf(load), ROUNDS);
        for (const { pool } of servers) rows.push({ target, clients, pool, figures: result.get(String(pool))! });
      }
    }
    console.log(`\n${engine.name}: PIPS at pool sizes ${POOLS.join(', ')}`);
    for (const line of poolTable(rows)) console.log(line);
    return rows;
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
