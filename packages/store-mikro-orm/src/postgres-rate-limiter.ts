import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RATE_LIMIT_TABLE } from './rate-limit-table';
import type { PgPool } from './sql/session';

/** What a key may spend: `points` in `duration` seconds, keys counted under `keyPrefix`. */
export interface RateLimitOptions {
  readonly points: number;
  readonly duration: number;
  readonly keyPrefix: string;
}

/**
 * A budget every process on the database shares: rate-limiter-flexible's `RateLimiterPostgres` on
 * the store's pool, one upsert per request, on its own connection from the pool and outside any
 * transaction of the store. Its table comes from the migrations (`tableCreated`) and holds a row
 * per token that has called, each reused when its next window starts, so nothing needs clearing
 * (`clearExpiredByTimeout` off: no timer outlives the store).
 * - A key past its budget is remembered in this process until its window ends
 *   (`inMemoryBlockOnConsumed`), so its further requests cost no round trip.
 * - Should the database not answer, each process counts in its own memory meanwhile
 *   (`insuranceLimiter`) rather than fail the request for the limiter's sake.
 */
export function postgresRateLimiter(pool: PgPool, options: RateLimitOptions): RateLimiterAbstract {
  return new RateLimiterPostgres({
    ...options,
    storeClient: pool,
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false,
    inMemoryBlockOnConsumed: options.points + 1,
    insuranceLimiter: new RateLimiterMemory({ ...options }),
  });
}
