import { errors } from '@pips/domain';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { domainContext, type AppMiddleware } from './app-state';

/** What a token may spend: `points` requests in a window of `duration` seconds, counted under `keyPrefix:<token id>`. */
export interface RateBudget {
  readonly points: number;
  readonly duration: number;
  readonly keyPrefix: string;
}

/**
 * RATE_LIMIT_PER_MINUTE as a budget. A token is counted by its id (`api_token:12`): the token
 * itself never reaches the limiter, nor the table or memory it keeps counts in.
 */
export function perMinuteBudget(requests: number): RateBudget {
  return { points: requests, duration: 60, keyPrefix: 'api_token' };
}

/**
 * A budget kept in this process's memory (rate-limiter-flexible's `RateLimiterMemory`): for a
 * server that alone serves its data (the embedded database, memory) and for the harness.
 */
export function memoryRateLimiter(budget: RateBudget): RateLimiterAbstract {
  return new RateLimiterMemory({ ...budget });
}

/**
 * Under the token prefix, once the token is known (a bad token is 401 and spends nothing), before
 * anything of the request is read: each request takes one from its token's budget. Past it the
 * answer is 429 with `Retry-After`, the whole seconds until the token's window ends. A budget
 * that cannot be read (its store failing) is an error like any other.
 */
export function rateLimit(limiter: RateLimiterAbstract): AppMiddleware {
  return async (ctx, next) => {
    try {
      await limiter.consume(String(domainContext(ctx).actor.tokenId));
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      throw errors.rateLimited(limiter.points, Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
    }
    await next();
  };
}
