import { BOOTSTRAP_TOKEN_NAME, countWebhooks, ensureToken, hasLiveToken, numberEvents, sweepOrphanBlobs, systemClock, type Store } from '@pips/domain';
import { commitSignal, createApp, createAppMetrics, listen, sharedPass, startWebhookDelivery, timeFormat, type Listener } from '@pips/http';
import type { Logger } from 'pino';
import type { Config } from './config';
import { createLogger } from './logger';
import { traceIds } from './tracing/log-trace-ids';
import { adminServices } from './admin/admin-services';
import { adminSocketPath } from './admin/admin-socket-path';
import { workerMetrics } from './cluster-metrics';
import { listenAdminSocket, type AdminListener } from './admin/admin-socket';
import { isPostgres, openStore, rateLimiterOf } from './open-store';
import { orphanMinAgeMs, startOrphanSweeps, SWEEP_EVERY_MS } from './orphan-sweeps';
import { probePort } from './port-probe';
import type { Tracing } from './tracing/start-tracing';

export interface RunningServer {
  /** `http://HOST:PORT`. */
  url: string;
  store: Store;
  logger: Logger;
  /** Graceful: stops accepting, lets requests in flight finish, then closes the store. */
  close(): Promise<void>;
}

/** The name the bootstrap token is listed under (`token update` refuses it: each start would undo the change). */
export { BOOTSTRAP_TOKEN_NAME };

/** Said once at start when no token can call the API yet. */
export const NO_TOKEN_HINT =
  'no API token exists yet: make one with `npm run -s pips -- token create --name NAME --permission manage_data --permission view_inventory --permission create_draft_revisions --permission edit_released_revisions`, or set BOOTSTRAP_TOKEN';

export interface StartOptions {
  logger?: Logger;
  /**
   * A cluster worker: the primary has migrated the database, ensured the bootstrap token and
   * announces the server, so this process opens the store without migrating and only listens.
   */
  worker?: boolean;
  /** Tracing already started (a test's in-memory exporter); else started here when OTEL_* asks for it. */
  tracing?: Tracing;
}

/** The SDK is imported only when tracing is on: a server without OTEL_* variables loads none of it. */
async function tracingOf(config: Config, given: Tracing | undefined): Promise<Tracing | null> {
  if (given) return given;
  if (!config.tracing) return null;
  const { startTracing } = await import('./tracing/start-tracing');
  return startTracing(config.tracing);
}

/**
 * Ensures the bootstrap token when one is configured; true when some token can call the API.
 * Once per start: by the single process, or by a cluster's primary.
 */
export async function ensureBootstrapToken(store: Store, config: Config): Promise<boolean> {
  const clock = systemClock;
  if (config.bootstrapToken) await ensureToken({ store, clock }, config.bootstrapToken, BOOTSTRAP_TOKEN_NAME);
  return config.bootstrapToken !== undefined || (await hasLiveToken({ store, clock }));
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel, config.tracing ? traceIds : undefined);
  const worker = options.worker === true;
  // A cluster's workers share the port through the primary: only a process of its own checks it.
  if (!worker) await probePort(config.port, config.host);
  const tracing = await tracingOf(config, options.tracing);
  let opened: Awaited<ReturnType<typeof openStore>>;
  try {
    opened = await openStore(config, { migrate: !worker, statementRan: tracing?.statementRan });
  } catch (error) {
    await tracing?.shutdown().catch(() => undefined);
    throw error;
  }
  const { store, blobs, description } = opened;
  const clock = systemClock;
  let listener: Listener;
  let admin: AdminListener | null = null;
  let tokenExists = true;
  // The API's commits wake the event feed's long polls and webhook delivery.
  const commits = commitSignal();
  // One numbering pass at a time for the feed's readers and webhook delivery together.
  const numbering = sharedPass(() => numberEvents(store));
  let metrics: ReturnType<typeof createAppMetrics>;
  try {
    metrics = createAppMetrics({ processMetrics: true, store: opened.load, webhooks: () => countWebhooks({ store }), ...(worker && workerMetrics()) });
    if (!worker) tokenExists = await ensureBootstrapToken(store, config);
    const app = createApp({
      store,
      blobs,
      clock,
      timezone: config.siteTimezone,
      currency: config.siteCurrency,
      logger,
      publicUrl: config.publicUrl,
      rateLimiter: rateLimiterOf(opened, config.rateLimitPerMinute),
      // A worker's scrape answers for the whole cluster, through the primary.
      metrics,
      commits,
      numberEvents: numbering,
      tracer: tracing?.tracer,
      readinessChecks: opened.readinessChecks,
    });
    listener = await listen(app.callback(), config.port, config.host);
    // Only this process may open the embedded database, so the CLI's imports come through it.
    // Without the socket (a path too long for one, say) the server still serves; the CLI then says the database is in use.
    if (config.databaseUrl === undefined) {
      const path = adminSocketPath(config.dataDir);
      admin = await listenAdminSocket(path, adminServices(opened, config), logger).catch((error: unknown) => {
        logger.warn({ err: error, path }, 'no CLI socket: `pips import` and `pips attach` need the server stopped');
        return null;
      });
    }
  } catch (error) {
    // A port in use must not leave the database open (PGlite holds its directory's lock), nor a
    // DATA_DIR this start made.
    await store.close().catch(() => undefined);
    await opened.discard?.().catch(() => undefined);
    await tracing?.shutdown().catch(() => undefined);
    throw error;
  }
  const url = listener.url;
  if (worker) {
    logger.info({ url }, 'worker listening');
  } else {
    logger.info(
      { url, store: description, timezone: config.siteTimezone },
      `PIPS listening on ${url} (store: ${description})`,
    );
  }
  if (!tokenExists) logger.warn({}, NO_TOKEN_HINT);
  // Files a crash left without their row (docs/decisions.md, "Where attachment files live").
  const minAgeMs = orphanMinAgeMs(isPostgres(config));
  const sweeps = startOrphanSweeps({ sweep: () => sweepOrphanBlobs({ store }, blobs, { minAgeMs }), everyMs: SWEEP_EVERY_MS, logger });
  // Every process delivers; a lease per subscriber lets one at a time post to it (docs/decisions.md, "Webhooks").
  const delivery = startWebhookDelivery({ store, clock, time: timeFormat(config.siteTimezone), logger, commits, counted: metrics.webhookPost, numberEvents: numbering });
  return {
    url,
    store,
    logger,
    async close() {
      await delivery.stop();
      await sweeps.stop();
      await admin?.close();
      await listener.close();
      await blobs.close();
      await store.close();
      await tracing?.shutdown();
    },
  };
}
