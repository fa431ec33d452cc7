import { createApp, listen, memoryRateLimiter, perMinuteBudget } from '@pips/http';
import { CONTROL_PREFIX, controlRoutes, controlStreamRoutes } from './control-routes';
import { createHarnessState, HARNESS_SITE, HARNESS_TOKEN } from './harness-state';

export interface HarnessOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** SITE_TIMEZONE for timestamps; default UTC. */
  timezone?: string;
  /**
   * RATE_LIMIT_PER_MINUTE: requests each token may make a minute, counted in memory as on a
   * server on the embedded database; 0 (the default): no limit. Its windows follow the system
   * time, not the harness clock (rate-limiter-flexible reads `Date.now()`).
   */
  rateLimitPerMinute?: number;
}

export interface Harness {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  url: string;
  token: typeof HARNESS_TOKEN;
  reset(): Promise<void>;
  /** Issues a token with exactly `permissions`; a read-only one (every change refused) when asked. */
  createToken(permissions: string[], options?: { readOnly?: boolean }): Promise<string>;
  close(): Promise<void>;
}

/** The API on a memory store with a deterministic clock, plus the `/__harness/` control routes. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const host = options.host ?? '127.0.0.1';
  const perMinute = options.rateLimitPerMinute ?? 0;
  if (!Number.isSafeInteger(perMinute) || perMinute < 0) throw new Error(`rateLimitPerMinute must be a whole number of 0 or more, not ${perMinute}`);
  const state = await createHarnessState();
  const app = createApp({
    store: state.store,
    clock: state.clock,
    timezone: options.timezone ?? 'UTC',
    currency: HARNESS_SITE.currency,
    // A reset must end every token at once, and a reset or a rotation every link: tests rely on it.
    tokenCacheMs: 0,
    linkKeyRefreshMs: 0,
    blobs: state.blobs,
    ...(perMinute > 0 ? { rateLimiter: memoryRateLimiter(perMinuteBudget(perMinute)) } : {}),
    extraRoutes: { prefix: CONTROL_PREFIX, routes: controlRoutes(state), streamRoutes: controlStreamRoutes(state) },
  });
  const listener = await listen(app.callback(), options.port ?? 0, host).catch(async (error: unknown) => {
    await state.store.close();
    throw error;
  });
  let tokens = 0;
  return {
    url: listener.url,
    token: HARNESS_TOKEN,
    reset: () => state.reset(),
    createToken: (permissions, tokenOptions) => state.createToken(`token-${++tokens}`, permissions, tokenOptions),
    async close() {
      // A test harness need not wait for requests in flight or keep-alive clients: no grace.
      await listener.close(0);
      await state.store.close();
    },
  };
}
