import type { AppContext } from '../app-state';
import type { AppMetrics } from './app-metrics';

/** `GET /metrics`: the metrics in Prometheus's text format. */
export function metricsAnswer(metrics: AppMetrics): (ctx: AppContext) => Promise<void> {
  return async (ctx) => {
    ctx.state.route = '/metrics';
    ctx.body = await metrics.scrape();
    ctx.set('Content-Type', metrics.contentType);
  };
}
