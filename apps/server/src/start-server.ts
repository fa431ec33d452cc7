import { ensureToken, systemClock, type Store } from '@pips/domain';
import { createApp } from '@pips/http';
import type { Logger } from 'pino';
import type { Config } from './config';
import { listen } from './http-listener';
import { createLogger } from './logger';
import { openStore } from './open-store';

export interface RunningServer {
  /** `http://HOST:PORT`. */
  url: string;
  store: Store;
  logger: Logger;
  /** Graceful: stops accepting, lets requests in flight finish, then closes the store. */
  close(): Promise<void>;
}

/** The name the bootstrap token is listed under. */
export const BOOTSTRAP_TOKEN_NAME = 'bootstrap';

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startServer(config: Config, options: { logger?: Logger } = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const { store, description } = await openStore(config);
  const clock = systemClock;
  if (config.bootstrapToken) await ensureToken({ store, clock }, config.bootstrapToken, BOOTSTRAP_TOKEN_NAME);
  const app = createApp({ store, clock, timezone: config.siteTimezone, logger });
  const listener = await listen(app.callback(), config.port, config.host);
  const url = `http://${urlHost(config.host)}:${listener.port}`;
  logger.info(
    { url, store: description, timezone: config.siteTimezone },
    `PIPS listening on ${url} (store: ${description})`,
  );
  return {
    url,
    store,
    logger,
    async close() {
      await listener.close();
      await store.close();
    },
  };
}
