import { commitSignal, signallingStore, type CommitSignal } from './commit-signal';
import Koa from 'koa';
import { numberEvents, type BlobStore, type Clock, type Store } from '@pips/domain';
import type { Tracer } from '@opentelemetry/api';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppMiddleware, AppState, Logger } from './app-state';
import { apiMount } from './api-mount';
import { apiRoutes } from './api-routes';
import { linkKey } from './attachment-links/link-key';
import { linkMaker } from './attachment-links/link-maker';
import { createAppMetrics, type AppMetrics } from './metrics/app-metrics';
import { metricsAnswer } from './metrics/metrics-route';
import { requestRecorder } from './metrics/record-request';
import { labelledRoute } from './metrics/route-label';
import { chain } from './chain';
import { downloadRoutes } from './download-routes';
import { docsRoutes } from './openapi/docs-routes';
import { reportLateErrors } from './client-gone';
import { errorAnswer, errorMapper } from './error-mapper';
import { healthRoutes } from './health-routes';
import { idempotencyKeys } from './idempotency/idempotency-keys';
import { blobCheck, storeCheck } from './readiness/checks';
import type { ReadinessCheck } from './readiness/readiness-check';
import { noRoute } from './no-route';
import { underPrefix } from './under-prefix';
import { paramsReader } from './params-reader';
import { rateLimit } from './rate-limit';
import { DEFAULT_MAX_BODY_BYTES } from './read-body';
import { requestContext } from './request-context';
import { timeFormat } from './time-format';
import { trailingSlash } from './trailing-slash';
import { requestSpan } from './tracing/request-span';
import { sharedPass } from './shared-pass';

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
  extraRoutes?: {
    prefix: string;
    routes: AppMiddleware;
    /** Routes there that read their own body as a stream (an upload), tried before parameters are read. */
    streamRoutes?: AppMiddleware;
  };
  /** How long `/readyz` waits for each of its checks; default 2 s. */
  readyTimeoutMs?: number;
  /**
   * What `/readyz` checks besides the store and the blob store (which it always checks): the
   * migration level, the embedded database's thread.
   */
  readinessChecks?: readonly ReadinessCheck[];
  /** How long a successful token check is remembered (default 1000 ms; 0 checks every request). */
  tokenCacheMs?: number;
  /**
   * How long the key download links are signed with is used before it is read from the store
   * again (default 1000 ms; 0 reads it for every link): a rotated key is honoured everywhere
   * within that time.
   */
  linkKeyRefreshMs?: number;
  /** Where attachments' bytes are; without it the signed download links lead nowhere (404). */
  blobs?: BlobStore;
  /** PUBLIC_URL: the base of signed download links (`https://pips.example.com`); default the request's origin. */
  publicUrl?: string;
  /** Each token's budget of requests (RATE_LIMIT_PER_MINUTE); without one nothing is counted, and nothing is in the chain for it. */
  rateLimiter?: RateLimiterAbstract;
  /** What the app counts and `GET /metrics` answers; default requests and errors in a registry of the app's own. */
  metrics?: AppMetrics;
  /**
   * Traces each request as a server span (OpenTelemetry), named by its route, the child of the
   * caller's `traceparent`; without one nothing is in the chain for it. The span is active while
   * the request runs, for what it calls (statement spans) and logs (trace ids) to find.
   */
  tracer?: Tracer;
  /**
   * The event feed's numbering pass; default one of the app's own on `store`, shared by the calls
   * that come together (`sharedPass`). A process that also delivers webhooks passes the one it
   * shares with its delivery.
   */
  numberEvents?: () => Promise<unknown>;
  /** Where the API's commits are announced (the event feed's long polls, webhook delivery listen); default a signal of the app's own. */
  commits?: CommitSignal;
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
  const metrics = deps.metrics ?? createAppMetrics();
  const key = linkKey(deps.store, deps.clock, deps.linkKeyRefreshMs);
  // The API's commands go through a store that wakes the event feed's long polls when they commit.
  const signal = deps.commits ?? commitSignal();
  const { middleware: routes, routes: described, templateOf } = apiRoutes(time, linkMaker(key, deps.publicUrl), {
    signal,
    // On the app's own store: a read-only caller may read the feed, and the pass wakes no long poll.
    number: deps.numberEvents ?? sharedPass(() => numberEvents(deps.store)),
  });
  const app = new Koa<AppState>();
  reportLateErrors(app, logger);
  if (deps.tracer) app.use(requestSpan(deps.tracer, templateOf));
  app.use(requestContext(logger, requestRecorder(metrics, templateOf)));
  const answerError = errorAnswer(logger, metrics.error);
  app.use(errorMapper(answerError));
  app.use(trailingSlash);
  const checks = [storeCheck(deps.store), ...(deps.blobs ? [blobCheck(deps.blobs)] : []), ...(deps.readinessChecks ?? [])];
  app.use(healthRoutes(checks, logger, metricsAnswer(metrics), deps.readyTimeoutMs));
  if (deps.blobs) app.use(downloadRoutes({ store: deps.store, clock: deps.clock, blobs: deps.blobs, key }));
  // After the parameters are read (a retry is told apart by its body) and before any route runs.
  const keys = idempotencyKeys(deps.store, deps.clock, answerError, logger);
  const api = deps.rateLimiter ? chain(rateLimit(deps.rateLimiter), readParams, keys, routes, noRoute) : chain(readParams, keys, routes, noRoute);
  app.use(apiMount(signallingStore(deps.store, signal), deps.clock, { currency: deps.currency ?? 'USD', timeZone: deps.timezone }, api, deps.tokenCacheMs ?? 1000));
  // After the API: its requests never reach these.
  app.use(docsRoutes(described, deps.publicUrl));
  if (deps.extraRoutes) {
    const { prefix, routes: extra, streamRoutes } = deps.extraRoutes;
    // One route label for all of them: their paths hold fixture names and ids.
    const control = streamRoutes ? chain(streamRoutes, readParams, extra) : chain(readParams, extra);
    app.use(underPrefix(prefix, labelledRoute(`${prefix}/*`, control)));
  }
  app.use(noRoute);
  return app;
}
