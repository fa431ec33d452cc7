import type { Store } from '@pips/domain';
import { fields } from '@pips/xml';
import type { AppContext, AppMiddleware, Logger } from './app-state';
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

/**
 * Liveness, readiness and metrics, outside the token prefix so probes and scrapers need no
 * credential. Three fixed paths (any case, GET or HEAD, as the API's routes match) are compared
 * directly: every request passes here, and a router would try its patterns on each.
 */
export function healthRoutes(
  store: Store,
  logger: Logger,
  metrics: (ctx: AppContext) => Promise<void>,
  readyTimeoutMs = DEFAULT_READY_TIMEOUT_MS,
): AppMiddleware {
  const ready = async (ctx: AppContext) => {
    ctx.state.route = '/readyz';
    try {
      // A store that hangs (a lost connection, a full pool) is as unready as one that fails.
      await pingWithin(store, readyTimeoutMs);
      sendXml(ctx, 'health', status('ok'));
    } catch (error) {
      // Not-ready is an answer, not a failure of this request.
      logger.warn({ err: error, request_id: ctx.state.requestId }, 'store not reachable');
      sendXml(ctx, 'health', status('unavailable'), 503);
    }
  };
  // Not async: every request passes here, and a pass-through needs no promise of its own.
  return (ctx, next) => {
    const path = ctx.path;
    if (path.length > 8 || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const name = path.toLowerCase();
    if (name === '/healthz') {
      ctx.state.route = '/healthz';
      return Promise.resolve(sendXml(ctx, 'health', status('ok')));
    }
    if (name === '/metrics') return metrics(ctx);
    return name === '/readyz' ? ready(ctx) : next();
  };
}
