import Router from '@koa/router';
import type { Store } from '@pips/domain';
import { fields } from '@pips/xml';
import type { AppState, Logger } from './app-state';
import { sendXml } from './reply';

const status = (text: string) => fields([['status', text]]);

/** Liveness and readiness, outside the token prefix so probes need no credential. */
export function healthRoutes(store: Store, logger: Logger) {
  const router = new Router<AppState>();
  router.get('/healthz', (ctx) => sendXml(ctx, 'health', status('ok')));
  router.get('/readyz', async (ctx) => {
    try {
      await store.ping();
      sendXml(ctx, 'health', status('ok'));
    } catch (error) {
      // Not-ready is an answer, not a failure of this request.
      logger.warn({ err: error, request_id: ctx.state.requestId }, 'store not reachable');
      sendXml(ctx, 'health', status('unavailable'), 503);
    }
  });
  return router.routes();
}
