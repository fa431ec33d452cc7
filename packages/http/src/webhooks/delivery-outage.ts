import { isPipsError } from '@pips/domain';
import type { Logger } from '../app-state';

/**
 * What delivery logs when its store fails: one line where a run of failures begins and one where
 * it ends, not one a second while the database is away. The store's errors (`unavailable`,
 * `busy`, …) are its state, not a bug: their code and message, never a stack, as requests log them.
 */
export function deliveryOutage(logger: Logger) {
  let failing = false;
  return {
    failed(error: unknown, fields: Record<string, unknown>) {
      if (failing) return;
      failing = true;
      const said = 'webhook delivery failed; it goes on once the database answers';
      if (isPipsError(error)) logger.warn({ ...fields, code: error.code }, `${said}: ${error.messages.join('; ')}`);
      else logger.warn({ ...fields, err: error }, said);
    },
    ended() {
      if (!failing) return;
      failing = false;
      logger.info({}, 'webhook delivery going on again');
    },
  };
}
