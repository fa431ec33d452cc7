import { describe, expect, it } from 'vitest';
import { harnessEnv } from './harness-env';

describe('harnessEnv', () => {
  it('uses the defaults for unset and empty variables', () => {
    const defaults = { port: 3001, host: '127.0.0.1', timezone: 'UTC', rateLimitPerMinute: 0 };
    expect(harnessEnv({})).toEqual(defaults);
    expect(harnessEnv({ HARNESS_PORT: '', HOST: '', SITE_TIMEZONE: ' ', RATE_LIMIT_PER_MINUTE: '' })).toEqual(defaults);
  });

  it('reads the variables that are set', () => {
    expect(harnessEnv({ HARNESS_PORT: '4000', HOST: '0.0.0.0', SITE_TIMEZONE: 'Europe/Paris', RATE_LIMIT_PER_MINUTE: '30' })).toEqual({
      port: 4000,
      host: '0.0.0.0',
      timezone: 'Europe/Paris',
      rateLimitPerMinute: 30,
    });
  });
});
