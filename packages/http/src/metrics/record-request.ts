import type { AppContext } from '../app-state';
import type { AppMetrics } from './app-metrics';
import { UNMATCHED_ROUTE } from './route-label';

/** The registered path a request to the API would reach, for one that failed before it was routed. */
export type TemplateOf = (method: string, rest: string) => string | undefined;

/**
 * Records each answered request once, where the access line is written: its route as
 * registered (`ctx.state.route`, which whatever answered set), or, for a request under a valid
 * token that failed before it was routed (a bad body, a rate limit), the route it was sent to.
 */
export function requestRecorder(metrics: AppMetrics, templateOf: TemplateOf): (ctx: AppContext, status: number, ms: number) => void {
  return (ctx, status, ms) => {
    let route = ctx.state.route;
    if (route === undefined) {
      const rest = ctx.state.apiRest;
      route = (rest !== undefined && templateOf(ctx.method, rest)) || UNMATCHED_ROUTE;
    }
    metrics.request(ctx.method, route, status, ms / 1000);
  };
}
