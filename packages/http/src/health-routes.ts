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

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
  // Whether the last probe found the store, so an outage is logged where it begins and ends, not at every probe.
  let wasReady = true;
  const ready = async (ctx: AppContext) => {
    ctx.state.route = '/readyz';
    try {
      // A store that hangs (a lost connection, a full pool) is as unready as one that fails.
      await pingWithin(store, readyTimeoutMs);
      if (!wasReady) logger.info({ request_id: ctx.state.requestId }, 'store reachable again');
      wasReady = true;
      sendXml(ctx, 'health', status('ok'));
    } catch (error) {
      // Not-ready is an answer, not a failure of this request: one line with the reason, no stack.
      if (wasReady) logger.warn({ request_id: ctx.state.requestId, reason: reasonOf(error) }, 'store not reachable');
      wasReady = false;
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
