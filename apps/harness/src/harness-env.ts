import type { HarnessOptions } from './start-harness';

type Env = Readonly<Record<string, string | undefined>>;

/** `npm run harness` options from the environment; as for the server, an empty variable counts as unset. */
export function harnessEnv(env: Env): Required<HarnessOptions> {
  const value = (name: string) => env[name]?.trim() || undefined;
  return {
    port: Number(value('HARNESS_PORT') ?? 3001),
    host: value('HOST') ?? '127.0.0.1',
    timezone: value('SITE_TIMEZONE') ?? 'UTC',
    // Off unless asked for, as on the server.
    rateLimitPerMinute: Number(value('RATE_LIMIT_PER_MINUTE') ?? 0),
  };
}
