import { randomBytes } from 'node:crypto';
import type { Endpoint } from './client';
import { freePort, spawnServer, type ServerProcess } from './processes';
import { createScratchDatabase, makeDataDir, requireBuiltServer, serverEnv } from './targets';

export type FleetEngine = 'pglite' | 'postgres';

/** Server processes on one store of their own, and the token every one of them accepts. */
export interface ServerFleet {
  readonly engine: FleetEngine;
  /** One per process, each with the bootstrap token (every permission). */
  readonly endpoints: readonly Endpoint[];
  /** The store's settings (DATA_DIR, DATABASE_URL), for running the CLI on the fleet's data. */
  readonly cliEnv: Readonly<Record<string, string>>;
  /** What each process printed, for a failure message. */
  output(): string;
  /** Stops every process, then removes the store (the database is dropped), even when a stop fails. */
  stop(): Promise<void>;
}

/**
 * Starts `count` server processes on one fresh store: on PGlite a DATA_DIR of its own (one
 * process only: the embedded database is single-process), on PostgreSQL a database created for
 * the fleet from `PIPS_TEST_DATABASE_URL`. The first process migrates the store and writes the
 * bootstrap token before the others start beside it.
 */
export async function startServerFleet(engine: FleetEngine, count: number, parentEnv: NodeJS.ProcessEnv = process.env): Promise<ServerFleet> {
  requireBuiltServer();
  if (engine === 'pglite' && count !== 1) throw new Error('PGlite is single-process: a fleet on it has one server');
  const adminUrl = parentEnv.PIPS_TEST_DATABASE_URL;
  if (engine === 'postgres' && !adminUrl) throw new Error('a fleet on PostgreSQL needs PIPS_TEST_DATABASE_URL');
  const dataDir = await makeDataDir(`pips-fleet-${engine}-`);
  const database = engine === 'postgres' ? await createScratchDatabase(adminUrl!).catch(failAfter(dataDir.remove)) : undefined;
  const token = `fleet-${randomBytes(18).toString('hex')}`;
  const servers: ServerProcess[] = [];
  const start = async () => {
    const env = serverEnv(parentEnv, { port: await freePort(), dataDir: dataDir.dir, bootstrapToken: token, databaseUrl: database?.url });
    servers.push(await spawnServer(env));
  };
  const stop = async () => {
    const stopped = await Promise.allSettled(servers.map((server) => server.stop()));
    try {
      await database?.drop();
    } finally {
      await dataDir.remove();
    }
    const failed = stopped.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed.length > 0) throw new AggregateError(failed.map((f) => f.reason), 'stopping a server of the fleet failed');
  };
  try {
    await start();
    // Settled, not raced: a start still under way when another fails would outlive stop().
    const rest = await Promise.allSettled(Array.from({ length: count - 1 }, start));
    const failed = rest.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return {
    engine,
    endpoints: servers.map((server) => ({ url: server.url, tokens: { all: token } })),
    cliEnv: { DATA_DIR: dataDir.dir, ...(database ? { DATABASE_URL: database.url } : {}) },
    output: () => servers.map((server, i) => `--- server ${i} (${server.url})\n${server.output()}`).join('\n'),
    stop,
  };
}

/** Runs `cleanup`, then rethrows what failed. */
function failAfter(cleanup: () => Promise<void>) {
  return async (error: unknown): Promise<never> => {
    await cleanup().catch(() => undefined);
    throw error;
  };
}
