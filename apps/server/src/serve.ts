import type { RunningServer } from './start-server';
import { startupProblem } from './startup-error';

/** A stack is printed only when asked for, and only for a bug. */
export function wantsStacks(): boolean {
  return /^(debug|trace)$/i.test(process.env.LOG_LEVEL ?? '');
}

/** What went wrong and what to do, on one line of stderr; then exit 1. */
export function failStartup(error: unknown): never {
  const problem = startupProblem(error);
  process.stderr.write(`error: ${problem.line}\n`);
  if (problem.unexpected && wantsStacks()) console.error(error);
  process.exit(1);
}

/**
 * Serves until SIGTERM or SIGINT, then shuts down gracefully (requests in flight finish) and
 * exits 0, or 1 when closing failed. A cluster worker says so in its lines: the primary speaks
 * for the server.
 */
export function serveUntilSignalled(running: RunningServer, role: 'server' | 'worker' = 'server'): void {
  const said =
    role === 'server'
      ? { stopping: 'shutting down: finishing requests in flight', done: 'shutdown complete' }
      : { stopping: 'worker finishing requests in flight', done: 'worker stopped' };
  let stopping = false;

  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    running.logger.info({ signal }, said.stopping);
    try {
      await running.close();
      running.logger.info({ signal }, said.done);
      process.exit(0);
    } catch (error) {
      running.logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal));
}
