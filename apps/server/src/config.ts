import { isCurrencyCode } from '@pips/domain';
import { isTimeZone } from '@pips/http';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** The server's environment (DESIGN section 2), read and checked once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** Unset: embedded database in DATA_DIR; `postgres://…`: PostgreSQL; `memory:`: nothing kept. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** When set, a live token with this value and every permission is ensured on start. */
  bootstrapToken: string | undefined;
  siteTimezone: string;
  siteCurrency: string;
  logLevel: LogLevel;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Enough of a URL to recognise it: a URL may carry a password, which must not reach a log. */
function schemeOf(url: string): string {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(url)?.[0];
  return scheme ? `${scheme}…` : url.length > 16 ? `${url.slice(0, 16)}…` : url;
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads the environment; every problem is reported at once. An empty variable counts as unset. */
export function readConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };

  const portText = value('PORT') ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) problems.push(`PORT must be a port number (0-65535), got "${portText}"`);

  const siteTimezone = value('SITE_TIMEZONE') ?? 'UTC';
  if (!isTimeZone(siteTimezone)) problems.push(`SITE_TIMEZONE must be an IANA time zone, got "${siteTimezone}"`);

  const siteCurrency = (value('SITE_CURRENCY') ?? 'USD').toUpperCase();
  if (!isCurrencyCode(siteCurrency)) problems.push(`SITE_CURRENCY must be an ISO 4217 currency code, got "${siteCurrency}"`);

  const logLevel = (value('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(logLevels as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevel}"`);
  }

  const databaseUrl = value('DATABASE_URL');
  // Anything else would be handed to the PostgreSQL driver and fail later, less clearly.
  if (databaseUrl !== undefined && databaseUrl !== 'memory:' && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    problems.push(`DATABASE_URL must be memory:, postgres://… or postgresql://…, got "${schemeOf(databaseUrl)}"`);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host: value('HOST') ?? '127.0.0.1',
    databaseUrl,
    dataDir: value('DATA_DIR') ?? './data',
    // A token is a secret: taken as given, not trimmed.
    bootstrapToken: env.BOOTSTRAP_TOKEN || undefined,
    siteTimezone,
    siteCurrency,
    logLevel: logLevel as LogLevel,
  };
}
