import { EntitySchema } from '@mikro-orm/core';

/** Where every server process on the database counts each token's requests (RATE_LIMIT_PER_MINUTE). */
export const RATE_LIMIT_TABLE = 'rate_limit';

/**
 * The table rate-limiter-flexible's `RateLimiterPostgres` reads and writes, as it would create it
 * (`key varchar(255) primary key, points integer not null default 0, expire bigint`, in that order:
 * its insert names no columns). Declared here so a migration creates it with the rest of the
 * schema and the library never runs DDL; it is not the domain's data, so no domain table declares it.
 */
export const rateLimitEntity = new EntitySchema<Record<string, unknown>>({
  name: RATE_LIMIT_TABLE,
  tableName: RATE_LIMIT_TABLE,
  properties: {
    key: { type: 'string', length: 255, primary: true },
    points: { type: 'integer', default: 0 },
    /** When the key's window ends, in milliseconds since the epoch. */
    expire: { type: 'bigint', nullable: true },
  },
});
