import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPoolMax, readConfig } from './config';

describe('readConfig', () => {
  it('has defaults for everything', () => {
    expect(readConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: './data',
      bootstrapToken: undefined,
      siteTimezone: 'UTC',
      siteCurrency: 'USD',
      logLevel: 'info',
      databasePoolMax: 20,
      databaseStatementTimeoutMs: 30_000,
      webConcurrency: 1,
      publicUrl: undefined,
      rateLimitPerMinute: 0,
      tracing: null,
    });
  });

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://pips@db/pips',
      DATA_DIR: '/var/lib/pips',
      BOOTSTRAP_TOKEN: 'tok',
      SITE_TIMEZONE: 'America/Los_Angeles',
      SITE_CURRENCY: 'eur',
      LOG_LEVEL: 'DEBUG',
      DATABASE_POOL_MAX: '25',
      DATABASE_STATEMENT_TIMEOUT_MS: '5000',
      WEB_CONCURRENCY: '4',
      PUBLIC_URL: 'https://pips.example.com/base/',
      RATE_LIMIT_PER_MINUTE: '600',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://pips@db/pips',
      dataDir: '/var/lib/pips',
      bootstrapToken: 'tok',
      siteTimezone: 'America/Los_Angeles',
      siteCurrency: 'EUR',
      logLevel: 'debug',
      databasePoolMax: 25,
      databaseStatementTimeoutMs: 5000,
      webConcurrency: 4,
      publicUrl: 'https://pips.example.com/base',
      rateLimitPerMinute: 600,
      tracing: { exporters: ['otlp'], sampler: { name: 'parentbased_always_on', ratio: 1 } },
    });
  });

  it('reads RATE_LIMIT_PER_MINUTE as a whole number of requests, 0 or unset for no limit', () => {
    expect(readConfig({ RATE_LIMIT_PER_MINUTE: '0' }).rateLimitPerMinute).toBe(0);
    expect(readConfig({ RATE_LIMIT_PER_MINUTE: ' ' }).rateLimitPerMinute).toBe(0);
    expect(readConfig({ RATE_LIMIT_PER_MINUTE: '1000000' }).rateLimitPerMinute).toBe(1_000_000);
    for (const bad of ['-1', '2.5', '1e3', 'lots', '1000001']) {
      expect(() => readConfig({ RATE_LIMIT_PER_MINUTE: bad }), bad).toThrow(
        `RATE_LIMIT_PER_MINUTE must be a whole number of requests from 0 to 1000000, got "${bad}"`,
      );
    }
  });

  it('refuses a PUBLIC_URL that cannot be the base of a link', () => {
    for (const bad of ['pips.example.com', 'ftp://pips.example.com', 'https://pips.example.com/?x=1', 'https://user:pw@pips.example.com']) {
      expect(() => readConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/);
    }
  });

  it('treats empty variables as unset', () => {
    expect(readConfig({ PORT: '', DATABASE_URL: '', BOOTSTRAP_TOKEN: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      bootstrapToken: undefined,
    });
  });

  it('reports every problem at once', () => {
    const env = {
      PORT: 'http',
      SITE_TIMEZONE: 'Mars/Olympus',
      SITE_CURRENCY: 'dollars',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://root:hunter2@db/pips',
    };
    expect(() => readConfig(env)).toThrow(ConfigError);
    try {
      readConfig(env);
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'PORT must be a port number (0-65535), got "http"',
        'SITE_TIMEZONE must be an IANA time zone, got "Mars/Olympus"',
        'SITE_CURRENCY must be an ISO 4217 currency code, got "DOLLARS"',
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
        'DATABASE_URL must be memory:, postgres://… or postgresql://…, got "mysql:…"',
      ]);
    }
  });

  it('accepts the three kinds of DATABASE_URL and refuses others', () => {
    for (const url of ['memory:', 'postgres://u@h/db', 'postgresql://u:p@h:5432/db']) {
      expect(readConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
    for (const url of ['memory', 'sqlite:///tmp/x', '/var/lib/pips', 'postgres:/h/db']) {
      expect(() => readConfig({ DATABASE_URL: url }), url).toThrow('DATABASE_URL must be');
    }
  });

  it('refuses ports out of range', () => {
    expect(() => readConfig({ PORT: '70000' })).toThrow('PORT must be a port number');
    expect(() => readConfig({ PORT: '-1' })).toThrow('PORT must be a port number');
  });

  it('opens twenty connections a machine by default, shared among the workers', () => {
    expect(defaultPoolMax(1)).toBe(20);
    expect(defaultPoolMax(2)).toBe(10);
    expect(defaultPoolMax(3)).toBe(7);
    expect(defaultPoolMax(8)).toBe(3);
    expect(defaultPoolMax(16)).toBe(2);
    expect(readConfig({}).databasePoolMax).toBe(20);
    expect(readConfig({ WEB_CONCURRENCY: '3' }).databasePoolMax).toBe(7);
    // Set, it is each process's whatever the number of workers.
    expect(readConfig({ WEB_CONCURRENCY: '3', DATABASE_POOL_MAX: '7' }).databasePoolMax).toBe(7);
  });

  it('takes 0 as no statement timeout', () => {
    expect(readConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).databaseStatementTimeoutMs).toBe(0);
    expect(readConfig({ DATABASE_STATEMENT_TIMEOUT_MS: ' 2147483647 ' }).databaseStatementTimeoutMs).toBe(2_147_483_647);
  });

  it('reads pool, timeout and process counts as whole numbers only', () => {
    const refused = {
      DATABASE_POOL_MAX: ['0', '-1', '2.5', '1e3', '+4', 'ten', '10001'],
      DATABASE_STATEMENT_TIMEOUT_MS: ['-1', '30s', '1.5', '2147483648'],
      WEB_CONCURRENCY: ['0', '-2', '2.0', 'auto', '1025'],
    };
    for (const [name, values] of Object.entries(refused)) {
      for (const value of values) {
        expect(() => readConfig({ [name]: value }), `${name}=${value}`).toThrow(`${name} must be a whole number`);
      }
    }
    try {
      readConfig({ DATABASE_POOL_MAX: 'many', DATABASE_STATEMENT_TIMEOUT_MS: '30s', WEB_CONCURRENCY: '0' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'WEB_CONCURRENCY must be a whole number of processes from 1 to 1024, got "0"',
        'DATABASE_POOL_MAX must be a whole number of connections from 1 to 10000, got "many"',
        'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds from 0 to 2147483647, got "30s"',
      ]);
    }
    expect.assertions(17);
  });
});
