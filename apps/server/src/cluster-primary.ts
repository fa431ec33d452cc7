import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { metricsAnswerer } from './cluster-metrics';
import { isWorkerMessage } from './cluster-worker';
import type { Config } from './config';
import { migrateStore, openStore } from './open-store';
import { exitAfterLogs } from './logger';
import { restartBackoff } from './restart-backoff';
import { failStartup } from './serve';
import { ensureBootstrapToken, NO_TOKEN_HINT } from './start-server';

/**
 * What the workers must not each do: apply the migrations (without the statement timeout a
 * migration may outlast) and ensure the bootstrap token. Returns the store's description.
 */
export async function prepareDatabase(config: Config, logger: Logger): Promise<string> {
  const migrated = await migrateStore(config);
  const applied = migrated?.applied ?? [];
  if (applied.length > 0) {
    logger.info({ applied }, `applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}`);
  }
  const { store, description } = await openStore(config, { migrate: false });
  let tokenExists: boolean;
  try {
    tokenExists = await ensureBootstrapToken(store, config);
  } finally {
    await store.close();
  }
  if (!tokenExists) logger.warn({}, NO_TOKEN_HINT);
  return description;
}

interface WorkerState {
  listening: boolean;
  /** The start-up problem the worker reported, if it did. */
  failure?: string;
}

/** `exit code 1`, `signal SIGKILL`. */
const howItEnded = (code: number | null, signal: string | null) => (signal ? `signal ${signal}` : `exit code ${String(code)}`);

/**
 * The primary of a cluster (WEB_CONCURRENCY > 1, PostgreSQL): prepares the database once, forks
 * the workers, which share the port, and says the server listens when all of them do.
 * - A worker that cannot start: its line on stderr, the others are stopped, exit 1.
 * - A worker that dies later is logged and replaced, after a back-off that grows while deaths come quickly.
 * - SIGTERM or SIGINT: passed to every worker, each finishing its requests in flight; the
 *   primary exits when all have, 0 unless one failed to close.
 */
export async function runPrimary(config: Config, logger: Logger): Promise<void> {
  let description: string;
  try {
    description = await prepareDatabase(config, logger);
  } catch (error) {
    failStartup(error);
  }

  const count = config.webConcurrency;
  const workers = new Map<Worker, WorkerState>();
  const restarts = new Set<NodeJS.Timeout>();
  const backoff = restartBackoff();
  let phase: 'starting' | 'running' | 'stopping' | 'failing' = 'starting';
  let exitCode = 0;

  const finishIfDone = () => {
    if (workers.size > 0) return;
    if (phase === 'failing') process.exit(1);
    if (exitCode === 0) logger.info({}, 'shutdown complete');
    else logger.error({}, 'shutdown failed: a worker did not stop cleanly');
    exitAfterLogs(logger, exitCode);
  };

  const stopWorkers = (signal: NodeJS.Signals) => {
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    for (const worker of workers.keys()) worker.process.kill(signal);
    finishIfDone();
  };

  const listening = () => {
    if (phase !== 'starting' || [...workers.values()].filter((w) => w.listening).length < count) return;
    phase = 'running';
    logger.info(
      { url, store: description, timezone: config.siteTimezone, workers: count, poolMax: config.databasePoolMax },
      `PIPS listening on ${url} (store: ${description}; ${count} workers)`,
    );
  };

  const gone = (worker: Worker, state: WorkerState, code: number | null, signal: string | null) => {
    workers.delete(worker);
    const pid = worker.process.pid;
    switch (phase) {
      case 'starting': {
        phase = 'failing';
        const line = state.failure ?? `a worker stopped before it listened (${howItEnded(code, signal)})`;
        process.stderr.write(`error: ${line}\n`);
        stopWorkers('SIGTERM');
        return;
      }
      case 'running': {
        const delay = backoff.next(Date.now());
        const why = state.failure ? `could not start: ${state.failure}` : `exited unexpectedly (${howItEnded(code, signal)})`;
        logger.error({ worker: pid, code, signal, restartInMs: delay }, `worker ${pid} ${why}; starting another in ${delay} ms`);
        const timer = setTimeout(() => {
          restarts.delete(timer);
          fork();
        }, delay);
        restarts.add(timer);
        return;
      }
      case 'stopping':
        // Ended by the signal passed on before it could handle it, or by its own clean shutdown.
        if (code !== 0 && signal === null) exitCode = 1;
        finishIfDone();
        return;
      case 'failing':
        finishIfDone();
        return;
    }
  };

  let url = '';
  const answerMetrics = metricsAnswerer(logger);
  const fork = () => {
    const worker = cluster.fork();
    const state: WorkerState = { listening: false };
    workers.set(worker, state);
    worker.on('message', (message: unknown) => {
      if (answerMetrics(worker, message) || !isWorkerMessage(message)) return;
      if (message.type === 'pips:failed') {
        state.failure = message.line;
      } else {
        state.listening = true;
        url ||= message.url;
        listening();
      }
    });
    // A worker is gone once it has exited and its channel is closed, so every message it sent has arrived.
    let ended: { code: number | null; signal: string | null } | undefined;
    let disconnected = false;
    const settle = () => {
      if (ended && disconnected) gone(worker, state, ended.code, ended.signal);
    };
    worker.once('exit', (code: number | null, signal: string | null) => {
      ended = { code, signal };
      settle();
    });
    worker.once('disconnect', () => {
      disconnected = true;
      settle();
    });
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (phase === 'stopping' || phase === 'failing') return;
      phase = 'stopping';
      logger.info({ signal }, 'shutting down: finishing requests in flight');
      stopWorkers(signal);
    });
  }

  for (let i = 0; i < count; i++) fork();
}
