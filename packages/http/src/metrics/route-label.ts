import type { AppContext, AppMiddleware } from '../app-state';

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

/** The registered path a request to the API would reach, for one that failed before it was routed. */
export type TemplateOf = (method: string, rest: string) => string | undefined;

/**
 * The route a request is counted and traced by: as registered (`ctx.state.route`, which whatever
 * answered set), or, for a request under a valid token that failed before it was routed (a bad
 * body, a rate limit), the route it was sent to; else `UNMATCHED_ROUTE`.
 */
export function routeOf(ctx: AppContext, templateOf: TemplateOf): string {
  const route = ctx.state.route;
  if (route !== undefined) return route;
  const rest = ctx.state.apiRest;
  return (rest !== undefined && templateOf(ctx.method, rest)) || UNMATCHED_ROUTE;
}
