import { ConfigError, readConfig } from './config';
import { startServer } from './start-server';

// `npm start`: the composition root. Configuration comes from the environment only.
let config;
try {
  config = readConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const running = await startServer(config);
let stopping = false;

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  running.logger.info({ signal }, 'shutting down: finishing requests in flight');
  try {
    await running.close();
    running.logger.info({ signal }, 'shutdown complete');
    process.exit(0);
  } catch (error) {
    running.logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal));
