import { exitAfterLogs } from './logger';
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
 *
 * Called before the start begins: the "listening" line can reach a supervisor before this
 * process runs its next line, and a SIGTERM sent on seeing it must find the handlers in place,
 * not Node's default of dying unlogged. A signal during the start is kept, and the shutdown
 * follows as soon as the server is up; a start that fails exits on its own.
 */
export function stopOnSignal(role: 'server' | 'worker' = 'server'): { serve(running: RunningServer): void } {
  const said =
    role === 'server'
      ? { stopping: 'shutting down: finishing requests in flight', done: 'shutdown complete' }
      : { stopping: 'worker finishing requests in flight', done: 'worker stopped' };
  let serving: RunningServer | undefined;
  let received: string | undefined;

  async function shutdown(running: RunningServer, signal: string): Promise<void> {
    running.logger.info({ signal }, said.stopping);
    try {
      await running.close();
      running.logger.info({ signal }, said.done);
      exitAfterLogs(running.logger, 0);
    } catch (error) {
      running.logger.error({ err: error }, 'shutdown failed');
      exitAfterLogs(running.logger, 1);
    }
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (received !== undefined) return;
      received = signal;
      if (serving) void shutdown(serving, signal);
    });
  }
  return {
    serve(running) {
      serving = running;
      if (received !== undefined) void shutdown(running, received);
    },
  };
}
