import Router from '@koa/router';
import type { AppMiddleware, AppState } from './app-state';
import { API_PREFIX } from './api-path';
import { linecardRoutes } from './linecard-routes';
import { partRoutes } from './part-routes';
import { quoteRoutes } from './quote-routes';
import { referenceRoutes } from './reference-routes';
import type { TimeFormat } from './time-format';
import { vendorPartNumberRoutes } from './vendor-part-number-routes';

/** Every route under `/api/v2/:api_token`. */
export function apiRoutes(time: TimeFormat): AppMiddleware {
  const router = new Router<AppState>({ prefix: `${API_PREFIX}/:api_token` });
  for (const mount of referenceRoutes) mount(router, time);
  linecardRoutes(router);
  vendorPartNumberRoutes(router);
  quoteRoutes(router);
  partRoutes(router, time);
  return router.routes() as AppMiddleware;
}
