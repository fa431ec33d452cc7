import { authenticate, callerContext, type Clock, type Principal, type Site, type Store } from '@pips/domain';
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
  const done = () => Promise.resolve();
  const base = { store, clock, site };
  return (ctx, next) => {
    const path = splitApiPath(ctx.path);
    if (!path) return next();
    const route = (actor: Principal) => {
      ctx.state.context = callerContext(base, actor);
      // From here on the token is known to be one: masked wherever an answer or a log would show it.
      ctx.state.secrets = [path.token];
      ctx.state.apiRest = path.rest;
      return api(ctx, done);
    };
    // A remembered token is answered at once: no promise to wait on for most requests.
    const actor = check(path.token);
    return actor instanceof Promise ? actor.then(route) : route(actor);
  };
}
