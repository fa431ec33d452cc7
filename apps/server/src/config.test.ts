import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';

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
    });
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
});
