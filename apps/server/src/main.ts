import { readConfig } from './config';
import { startServer, type RunningServer } from './start-server';
import { startupProblem } from './startup-error';

// `npm start`: the composition root. Configuration comes from the environment only.
let running: RunningServer;
try {
  running = await startServer(readConfig());
} catch (error) {
  // What went wrong and what to do, on one line; a stack only when asked for and only for a bug.
  const problem = startupProblem(error);
  process.stderr.write(`error: ${problem.line}\n`);
  if (problem.unexpected && /^(debug|trace)$/i.test(process.env.LOG_LEVEL ?? '')) console.error(error);
  process.exit(1);
}

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
