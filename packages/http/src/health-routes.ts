import Router from '@koa/router';
import type { Store } from '@pips/domain';
import { fields } from '@pips/xml';
import type { AppState, Logger } from './app-state';
import { sendXml } from './reply';

const status = (text: string) => fields([['status', text]]);

export const DEFAULT_READY_TIMEOUT_MS = 2_000;

/** Resolves when the store answers; rejects when it fails or does not answer within `ms`. */
async function pingWithin(store: Store, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`store did not answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([store.ping(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness and readiness, outside the token prefix so probes need no credential. */
export function healthRoutes(store: Store, logger: Logger, readyTimeoutMs = DEFAULT_READY_TIMEOUT_MS) {
  const router = new Router<AppState>();
  router.get('/healthz', (ctx) => sendXml(ctx, 'health', status('ok')));
  router.get('/readyz', async (ctx) => {
    try {
      // A store that hangs (a lost connection, a full pool) is as unready as one that fails.
      await pingWithin(store, readyTimeoutMs);
      sendXml(ctx, 'health', status('ok'));
    } catch (error) {
      // Not-ready is an answer, not a failure of this request.
      logger.warn({ err: error, request_id: ctx.state.requestId }, 'store not reachable');
      sendXml(ctx, 'health', status('unavailable'), 503);
    }
  });
  return router.routes();
}
