import { authenticate, callerContext, type Clock, type Site, type Store } from '@pips/domain';
import type { AppMiddleware } from './app-state';
import { splitApiPath } from './api-path';
import { cachedAuthenticate } from './token-cache';

/**
 * Everything under `/api/v2/:api_token`: the token is checked before routing (and before the body
 * is read), so a caller without a valid token learns nothing, not even which routes exist.
 */
export function apiMount(
  store: Store,
  clock: Clock,
  site: Site,
  api: AppMiddleware,
  tokenCacheMs: number,
): AppMiddleware {
  const check = cachedAuthenticate((token) => authenticate({ store, clock }, token), tokenCacheMs);
  return async (ctx, next) => {
    const path = splitApiPath(ctx.path);
    if (!path) return next();
    const actor = await check(path.token);
    ctx.state.context = callerContext({ store, clock, site }, actor);
    await api(ctx, async () => {});
  };
}
