import type { AppMiddleware } from '../app-state';

/**
 * The route label of a request no route answered: an unknown path, a refused token (the API
 * routes nothing for it). Never the path itself: it holds tokens and values without bound.
 */
export const UNMATCHED_ROUTE = 'unmatched';

/** Gives every request `middleware` sees one route label (the harness's control routes: `/__harness/*`). */
export function labelledRoute(label: string, middleware: AppMiddleware): AppMiddleware {
  return (ctx, next) => {
    ctx.state.route = label;
    return middleware(ctx, next);
  };
}
