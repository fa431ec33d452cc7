import { fields } from '@pips/xml';
import type { AppContext, AppMiddleware, Logger } from './app-state';
import type { ReadinessCheck } from './readiness/readiness-check';
import { readiness } from './readiness/readiness';
import { sendXml } from './reply';

const status = (text: string) => fields([['status', text]]);

export const DEFAULT_READY_TIMEOUT_MS = 2_000;

/**
 * Liveness, readiness and metrics, outside the token prefix so probes and scrapers need no
 * credential. Three fixed paths (any case, GET or HEAD, as the API's routes match) are compared
 * directly: every request passes here, and a router would try its patterns on each.
 */
export function healthRoutes(
  checks: readonly ReadinessCheck[],
  logger: Logger,
  metrics: (ctx: AppContext) => Promise<void>,
  readyTimeoutMs = DEFAULT_READY_TIMEOUT_MS,
): AppMiddleware {
  const report = readiness(checks, logger, readyTimeoutMs);
  const ready = async (ctx: AppContext) => {
    ctx.state.route = '/readyz';
    // Not-ready is an answer, not a failure of this request: the body says which check and why.
    const { ready: isReady, node } = await report(ctx.state.requestId);
    sendXml(ctx, 'health', node, isReady ? 200 : 503);
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
