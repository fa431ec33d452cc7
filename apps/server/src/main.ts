import cluster from 'node:cluster';
import { runPrimary } from './cluster-primary';
import { runWorker } from './cluster-worker';
import { readConfig, type Config } from './config';
import { createLogger } from './logger';
import { traceIds } from './tracing/log-trace-ids';
import { isPostgres } from './open-store';
import { failStartup, stopOnSignal } from './serve';
import { keepFilesPrivate } from './private-files';
import { startServer, type RunningServer } from './start-server';

/** Said when WEB_CONCURRENCY asks for workers the engine cannot share a database with. */
const ONE_PROCESS_WARNING = 'WEB_CONCURRENCY needs PostgreSQL; running one process';

// `npm start`: the composition root. Configuration comes from the environment only.
keepFilesPrivate();
if (cluster.isWorker) {
  await runWorker();
} else {
  let config: Config;
  try {
    config = readConfig();
  } catch (error) {
    failStartup(error);
  }
  const logger = createLogger(config.logLevel, config.tracing ? traceIds : undefined);
  if (config.webConcurrency > 1 && isPostgres(config)) {
    await runPrimary(config, logger);
  } else {
    // Platforms set WEB_CONCURRENCY for every app: refusing to start would be hostile.
    if (config.webConcurrency > 1) logger.warn({ webConcurrency: config.webConcurrency }, ONE_PROCESS_WARNING);
    const signals = stopOnSignal();
    let running: RunningServer;
    try {
      running = await startServer(config, { logger });
    } catch (error) {
      failStartup(error);
    }
    signals.serve(running);
  }
}
