import { isCurrencyCode } from '@pips/domain';
import { isTimeZone } from '@pips/http';
import { readTracingConfig, type TracingConfig } from './tracing/tracing-config';

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
  /** PostgreSQL: the most connections each server process (each worker) opens. */
  databasePoolMax: number;
  /** PostgreSQL: how long one statement may run, in milliseconds; 0: no limit is set. */
  databaseStatementTimeoutMs: number;
  /** Server processes asked for; more than one runs a cluster of workers, on PostgreSQL only. */
  webConcurrency: number;
  /** PUBLIC_URL: the base of signed download links (`https://pips.example.com`); unset, the request's own origin. */
  publicUrl: string | undefined;
  /** RATE_LIMIT_PER_MINUTE: requests each token may make a minute; 0 (the default): no limit. */
  rateLimitPerMinute: number;
  /** The standard OTEL_* variables: traces and where they go; null (the default) when tracing is off. */
  tracing: TracingConfig | null;
}

/** The statement timeout when DATABASE_STATEMENT_TIMEOUT_MS is unset. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/** PostgreSQL keeps statement_timeout in an int of milliseconds. */
const MAX_STATEMENT_TIMEOUT_MS = 2_147_483_647;

/** The connections one machine opens when DATABASE_POOL_MAX is unset (docs/decisions.md: chosen by measurement). */
export const MACHINE_POOL_MAX = 20;

/**
 * DATABASE_POOL_MAX when unset: MACHINE_POOL_MAX connections for the whole machine, shared among
 * the workers (each keeps at least 2). So WEB_CONCURRENCY changes how the connections are split,
 * not how many PostgreSQL sees. A request holds its connection through its round trips, waiting on
 * the database more than on the processor, so the number does not follow the processors.
 */
export function defaultPoolMax(workers: number): number {
  return Math.max(2, Math.ceil(MACHINE_POOL_MAX / workers));
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

  // Whole numbers only: `2.5`, `1e3` or `+4` are mistakes to point out, not to round.
  const wholeNumber = (name: string, range: { min: number; max: number; unit: string }, fallback: number) => {
    const text = value(name);
    if (text === undefined) return fallback;
    const number = Number(text);
    if (/^\d+$/.test(text) && number >= range.min && number <= range.max) return number;
    problems.push(`${name} must be a whole number of ${range.unit} from ${range.min} to ${range.max}, got "${text}"`);
    return fallback;
  };
  const webConcurrency = wholeNumber('WEB_CONCURRENCY', { min: 1, max: 1024, unit: 'processes' }, 1);
  const databasePoolMax = wholeNumber(
    'DATABASE_POOL_MAX',
    { min: 1, max: 10_000, unit: 'connections' },
    defaultPoolMax(webConcurrency),
  );
  const databaseStatementTimeoutMs = wholeNumber(
    'DATABASE_STATEMENT_TIMEOUT_MS',
    { min: 0, max: MAX_STATEMENT_TIMEOUT_MS, unit: 'milliseconds' },
    DEFAULT_STATEMENT_TIMEOUT_MS,
  );

  // Unset or 0: no limit, and nothing on the request path for it.
  const rateLimitPerMinute = wholeNumber('RATE_LIMIT_PER_MINUTE', { min: 0, max: 1_000_000, unit: 'requests' }, 0);

  // A base URL and nothing more: a query or fragment would break the links built on it.
  const publicUrl = value('PUBLIC_URL')?.replace(/\/+$/, '');
  if (publicUrl !== undefined) {
    const parsed = URL.canParse(publicUrl) ? new URL(publicUrl) : null;
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash || parsed.username) {
      problems.push(`PUBLIC_URL must be an http:// or https:// URL without query, fragment or credentials, got "${publicUrl.slice(0, 60)}"`);
    }
  }

  const tracing = readTracingConfig(env, problems);

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
    databasePoolMax,
    databaseStatementTimeoutMs,
    webConcurrency,
    publicUrl,
    rateLimitPerMinute,
    tracing,
  };
}
