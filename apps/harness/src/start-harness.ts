import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '@pips/http';
import { controlRoutes } from './control-routes';
import { createHarnessState, HARNESS_TOKEN } from './harness-state';

export interface HarnessOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** SITE_TIMEZONE for timestamps; default UTC. */
  timezone?: string;
}

export interface Harness {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  url: string;
  token: typeof HARNESS_TOKEN;
  reset(): Promise<void>;
  /** Issues a token with exactly `permissions`. */
  createToken(permissions: string[]): Promise<string>;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** The API on a memory store with a deterministic clock, plus the `/__harness/` control routes. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const host = options.host ?? '127.0.0.1';
  const state = await createHarnessState();
  const app = createApp({
    store: state.store,
    clock: state.clock,
    timezone: options.timezone ?? 'UTC',
    extraRoutes: controlRoutes(state),
  });
  const server = createServer(app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let tokens = 0;
  return {
    url: `http://${urlHost(host)}:${port}`,
    token: HARNESS_TOKEN,
    reset: () => state.reset(),
    createToken: (permissions) => state.createToken(`token-${++tokens}`, permissions),
    async close() {
      // A test harness need not wait for idle keep-alive clients.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await state.store.close();
    },
  };
}
