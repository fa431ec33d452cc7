import type { SweepResult } from '@pips/domain';
import type { Logger } from 'pino';

/** How often a server sweeps attachment files no attachment names, after the sweep it starts with. */
export const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * How old an unnamed file must be before a sweep takes it. On PostgreSQL other server processes
 * store files in the same database, and one may have stored a file's bytes and not yet committed
 * the row naming them (their hold is in their own memory): a day is far beyond any row's write,
 * which the statement timeout and the store's retries bound to minutes. The embedded database and
 * memory are one process's, whose own writes in flight are held, so any unnamed file is an orphan.
 */
export const orphanMinAgeMs = (sharedByProcesses: boolean): number => (sharedByProcesses ? 24 * 60 * 60_000 : 0);

export interface OrphanSweeps {
  /** No sweep starts after this; resolves once a sweep in progress has ended, so the store may close. */
  stop(): Promise<void>;
}

/**
 * Sweeps now and then every `everyMs`, one sweep at a time, logging what each removed. The timer
 * never keeps the process alive, and a sweep that fails is logged and tried again at the next turn.
 */
export function startOrphanSweeps(options: { sweep: () => Promise<SweepResult>; everyMs: number; logger: Logger }): OrphanSweeps {
  const { logger } = options;
  let running: Promise<void> | null = null;
  let stopped = false;
  const sweepOnce = () => {
    if (stopped || running) return;
    running = options
      .sweep()
      .then(
        ({ files, bytes }) => {
          const said = `swept ${files} attachment file${files === 1 ? '' : 's'} no attachment names (${bytes} bytes)`;
          if (files > 0) logger.info({ files, bytes }, said);
          else logger.debug({ files, bytes }, said);
        },
        (error: unknown) => logger.warn({ err: error }, 'sweeping attachment files no attachment names failed; the next sweep tries again'),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweepOnce, options.everyMs);
  timer.unref();
  sweepOnce();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
