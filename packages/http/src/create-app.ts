import Koa from 'koa';
import type { Clock, Store } from '@pips/domain';
import type { AppMiddleware, AppState, Logger } from './app-state';
import { apiMount } from './api-mount';
import { apiRoutes } from './api-routes';
import { chain } from './chain';
import { reportLateErrors } from './client-gone';
import { errorMapper } from './error-mapper';
import { healthRoutes } from './health-routes';
import { noRoute } from './no-route';
import { underPrefix } from './under-prefix';
import { paramsReader } from './params-reader';
import { DEFAULT_MAX_BODY_BYTES } from './read-body';
import { requestContext } from './request-context';
import { timeFormat } from './time-format';
import { trailingSlash } from './trailing-slash';

export interface AppDeps {
  store: Store;
  clock: Clock;
  /** SITE_TIMEZONE: an IANA zone, e.g. 'UTC'; every timestamp is written in it. */
  timezone: string;
  /** SITE_CURRENCY: the ISO 4217 code of prices that name none; default USD. */
  currency?: string;
  logger?: Logger;
  /** Largest request body accepted; default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * Routes outside the token prefix (the harness control API), under `prefix` only; parameters
   * are read for them. Every other path outside the API is a 404 whose body is never read.
   */
  extraRoutes?: { prefix: string; routes: AppMiddleware };
  /** How long `/readyz` waits for the store; default 2 s. */
  readyTimeoutMs?: number;
  /** How long a successful token check is remembered (default 1000 ms; 0 checks every request). */
  tokenCacheMs?: number;
}

// Without a logger an unexpected error still has to be seen somewhere; requests are not logged.
const quietLogger: Logger = {
  info: () => {},
  warn: () => {},
  error: (obj, msg) => console.error(msg ?? 'error', obj),
};

export function createApp(deps: AppDeps): Koa<AppState> {
  const logger = deps.logger ?? quietLogger;
  const maxBodyBytes = deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const time = timeFormat(deps.timezone);
  const readParams = paramsReader(maxBodyBytes);
  const app = new Koa<AppState>();
  reportLateErrors(app, logger);
  app.use(requestContext(logger));
  app.use(errorMapper(logger));
  app.use(trailingSlash);
  app.use(healthRoutes(deps.store, logger, deps.readyTimeoutMs));
  app.use(apiMount(deps.store, deps.clock, { currency: deps.currency ?? 'USD', timeZone: deps.timezone }, chain(readParams, apiRoutes(time), noRoute), deps.tokenCacheMs ?? 1000));
  if (deps.extraRoutes) app.use(underPrefix(deps.extraRoutes.prefix, chain(readParams, deps.extraRoutes.routes)));
  app.use(noRoute);
  return app;
}
