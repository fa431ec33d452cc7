import { startFloorBeside } from './floor';
import { maskInventory, inventoryTargets, type InventoryTarget } from './inventory-targets';
import { seedStock, send } from './inventory-seed';
import { loadOf, ROUNDS, warmUpOf } from './load-settings';
import type { Figures } from './measure';
import { interleaved } from './rounds';
import { runSearch } from './search-run';
import { startServer, type Engine } from './server';
import type { EngineRun } from './targets';

const load = loadOf(Number(process.env.BENCH_INVENTORY_CONNECTIONS ?? 32));
const warmUp = warmUpOf(load);
const SPREAD = Number(process.env.BENCH_INVENTORY_UNITS ?? 1000);

/** Each target's first request on both servers, compared with ids, times and quantities masked. */
async function compareFirst(pipsUrl: string, floorUrl: string, targets: readonly InventoryTarget[]): Promise<void> {
  for (const target of targets) {
    const method = target.send.method ?? 'POST';
    const a = maskInventory((await send(pipsUrl + target.path, target.send.body(), method)).text);
    const b = maskInventory((await send(floorUrl + target.path, target.send.body(), method)).text);
    if (a !== b) throw new Error(`inventory floor answers ${target.label} differently:\nPIPS:\n${a}\nfloor:\n${b}`);
  }
}

const cell = (f: Figures | undefined) => (f ? `${f.requestsPerSecond.toFixed(0).padStart(8)} ${String(f.p50).padStart(6)} ${String(f.p99).padStart(6)}` : '-');

/**
 * Adjust and split with many clients on PIPS and its floor, on one unit and spread over many; then
 * the search at scale. PGlite's floor runs on a copy of the data, as the request floors do.
 */
export async function runInventory(engine: Engine): Promise<Pick<EngineRun, 'pips' | 'floor'>> {
  const prepared = engine.prepare();
  const stops: Array<() => Promise<void> | void> = [() => prepared.cleanup()];
  try {
    let server = await startServer(prepared);
    stops.push(() => server.stop());
    const stock = await seedStock(server.url, SPREAD + 1);
    const beside = await startFloorBeside(engine, prepared, server, stops);
    server = beside.server;
    const floor = beside.floor;
    const targets = inventoryTargets(stock, SPREAD);
    await compareFirst(server.url, floor.url, targets);
    console.log(`\n${engine.name}: inventory writes, ${load.connections} clients, ${SPREAD + 1} units`);
    console.log(`${'target'.padEnd(22)} ${'PIPS req/s'.padStart(8)}  p50ms  p99ms ${'floor req/s'.padStart(8)}  p50ms  p99ms PIPS/floor  non-2xx`);
    const measured: Pick<EngineRun, 'pips' | 'floor'> = { pips: {}, floor: {} };
    for (const target of targets) {
      const contenders = [
        { name: 'PIPS', url: server.url + target.path, post: target.send },
        { name: 'floor', url: floor.url + target.path, post: target.send },
      ];
      const result = await interleaved(contenders, load, warmUp, ROUNDS);
      const [p, f] = [result.get('PIPS'), result.get('floor')];
      if (p) measured.pips[target.name] = { requestsPerSecond: p.requestsPerSecond, errors: p.errors };
      if (f) measured.floor[target.name] = { requestsPerSecond: f.requestsPerSecond, errors: f.errors };
      const ratio = p && f && f.requestsPerSecond > 0 ? (p.requestsPerSecond / f.requestsPerSecond).toFixed(3) : '-';
      console.log(`${target.label.padEnd(22)} ${cell(p)} ${cell(f)} ${ratio.padStart(10)} ${`${p?.errors ?? '-'}/${f?.errors ?? '-'}`.padStart(8)}`);
    }
    await floor.stop();
    stops.pop();
    await runSearch(engine, prepared, () => server.stop(), async () => {
      server = await startServer(prepared);
      return server.url;
    });
    return measured;
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
