import type { AppContext } from '../app-state';
import type { AppMetrics } from './app-metrics';
import { routeOf, type TemplateOf } from './route-label';

/** Records each answered request once, where the access line is written, by its route (`routeOf`). */
export function requestRecorder(metrics: AppMetrics, templateOf: TemplateOf): (ctx: AppContext, status: number, ms: number) => void {
  return (ctx, status, ms) => metrics.request(ctx.method, routeOf(ctx, templateOf), status, ms / 1000);
}
