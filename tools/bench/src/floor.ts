import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vacuumThroughCli } from './cli';
import type { Captured } from './floor/handler';
import { freePort, repoRoot, startProcess, type Running } from './processes';
import { pipsPoolMax } from './pool-size';
import { startServer, TOKEN, type Engine, type Prepared } from './server';

export type { Captured } from './floor/handler';

/**
 * Starts the floor of `engine` (`dist/floor.js`) as a child process, as PIPS is started, on the data
 * PIPS uses (`prepared`: the same database, or a copy of PGlite's directory). The memory engine's data went with PIPS: its floor answers `documents`,
 * what PIPS answered, keyed by path and query. On PostgreSQL its pool has `poolMax` connections:
 * pass PIPS's (`pipsPoolMax`), so both sides have the same.
 */
export async function startFloor(
  engine: string,
  prepared: Prepared,
  documents: Record<string, Captured>,
  poolMax?: number | null,
): Promise<Running & { pid: number | undefined }> {
  const dir = mkdtempSync(join(tmpdir(), 'pips-bench-floor-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    const env: NodeJS.ProcessEnv = { ...prepared.env, FLOOR_ENGINE: engine, FLOOR_TOKEN: TOKEN };
    if (poolMax) env.FLOOR_POOL_MAX = String(poolMax);
    if (engine === 'memory') {
      env.FLOOR_DOCUMENTS = join(dir, 'documents.json');
      writeFileSync(env.FLOOR_DOCUMENTS, JSON.stringify(documents));
    }
    const port = await freePort();
    env.PORT = String(port);
    const running = await startProcess(join(repoRoot, 'tools', 'bench', 'dist', 'floor.js'), [], env, '/readyz', port, 60_000);
    return {
      url: running.url,
      pid: running.pid,
      async stop() {
        await running.stop();
        removeDir();
      },
    };
  } catch (error) {
    removeDir();
    throw error;
  }
}

/**
 * PIPS's floor started beside the PIPS at `server`, on its data, once the seeded tables are
 * analysed (`pips db vacuum`, as autovacuum would have done on a PostgreSQL at its defaults, which
 * this machine's is not): so neither side's statements are planned for the tables as they were
 * before the seed. On PGlite, held by one process, PIPS is stopped while its data is copied for
 * the floor, then started again on its own. What it made is stopped and removed by `stops`, last
 * first. Answers the PIPS server now running and the floor.
 */
export async function startFloorBeside(
  engine: Engine,
  prepared: Prepared,
  server: Running & { pid: number | undefined },
  stops: Array<() => Promise<void> | void>,
  documents: Record<string, Captured> = {},
): Promise<{ server: Running & { pid: number | undefined }; floor: Running & { pid: number | undefined } }> {
  if (engine.name !== 'memory') console.log(`${engine.name}: ${await vacuumThroughCli(prepared.env)}`);
  let floorData = prepared;
  if (engine.copyForFloor) {
    await server.stop();
    floorData = engine.copyForFloor(prepared);
    stops.push(() => floorData.cleanup());
    server = await startServer(prepared);
    stops.push(() => server.stop());
  }
  const floor = await startFloor(engine.name, floorData, documents, await pipsPoolMax(server.url));
  stops.push(() => floor.stop());
  return { server, floor };
}
