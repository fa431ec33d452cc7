import { readConfig } from './config';
import { stopOnSignal, wantsStacks } from './serve';
import { startServer, type RunningServer } from './start-server';
import { startupProblem } from './startup-error';

/** What a worker tells the primary over the cluster's channel. */
export type WorkerMessage = { type: 'pips:listening'; url: string } | { type: 'pips:failed'; line: string };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    (message.type === 'pips:listening' && typeof message.url === 'string') ||
    (message.type === 'pips:failed' && typeof message.line === 'string')
  );
}

function tellPrimary(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    // Once the message is handed over, or the channel is gone: either way there is no more to do.
    process.send(message, undefined, {}, () => resolve());
  });
}

/**
 * A cluster worker: the primary has migrated the database and ensured the bootstrap token; this
 * process opens the store without migrating, listens on the shared port and serves until a
 * signal. A start-up problem goes to the primary, which says it and stops the others.
 */
export async function runWorker(): Promise<void> {
  const signals = stopOnSignal('worker');
  let running: RunningServer;
  try {
    running = await startServer(readConfig(), { worker: true });
  } catch (error) {
    const problem = startupProblem(error);
    if (problem.unexpected && wantsStacks()) console.error(error);
    await tellPrimary({ type: 'pips:failed', line: problem.line });
    process.exit(1);
  }
  signals.serve(running);
  await tellPrimary({ type: 'pips:listening', url: running.url });
}
