import { randomUUID } from 'node:crypto';
import { claimKey, finishWithoutAnswer, keepAnswer, markingStore, sweepKeys, type Clock, type KeyClaim, type Store } from '@pips/domain';
import { domainContext, type AppContext, type AppMiddleware, type Logger } from '../app-state';
import type { ErrorAnswer } from '../error-mapper';
import { parseKeyHeader } from './key-header';
import { answerOf, replay } from './kept-response';
import { requestHash } from './request-hash';

const KEYED_METHODS = new Set(['POST', 'PUT', 'DELETE']);

/** How often a process removes the keys past their day, on the next keyed request. */
const SWEEP_EVERY_MS = 60 * 1000;

/**
 * `Idempotency-Key` on a POST, PUT or DELETE under the token (docs/decisions.md, "Idempotency
 * keys"): the first request runs and its answer is kept for a day; the same request sent again is
 * given that answer without running. A request without the header passes straight through.
 * `store` is the app's own: the key is the service's business, whatever the caller may write.
 */
export function idempotencyKeys(store: Store, clock: Clock, answerError: ErrorAnswer, logger: Logger): AppMiddleware {
  let nextSweep = 0;
  return (ctx, next) => {
    if (!KEYED_METHODS.has(ctx.method)) return next();
    const header = ctx.req.headers['idempotency-key'];
    return header === undefined ? next() : keyed(ctx, next, header);
  };

  async function keyed(ctx: AppContext, next: () => Promise<unknown>, header: string | string[]): Promise<void> {
    const key = parseKeyHeader(header);
    const context = domainContext(ctx);
    await sweep(ctx);
    const outcome = await claimKey(store, clock, { tokenId: context.actor.tokenId, key, requestHash: requestHash(ctx), claim: randomUUID() });
    if ('replay' in outcome) return replay(ctx, outcome.replay);
    ctx.state.context = { ...context, store: markingStore(context.store, outcome.run) };
    try {
      await next();
    } catch (error) {
      // Answered here, so what the caller is given is what is kept.
      answerError(ctx, error);
    }
    await finish(ctx, outcome.run);
  }

  /**
   * A refusal (4xx) is kept as a success is: it is the request's answer, and sending the same
   * request again would get it again. A failure of the service (5xx) is not: the key is given
   * back when nothing was written, so a retry runs.
   */
  async function finish(ctx: AppContext, claim: KeyClaim): Promise<void> {
    const answer = ctx.state.clientGone || ctx.status >= 500 ? undefined : answerOf(ctx);
    try {
      await (answer ? keepAnswer(store, claim, answer) : finishWithoutAnswer(store, claim));
    } catch (error) {
      // The answer stands; the key then says the request ran (or lets a retry take it over past its lease).
      logger.warn({ request_id: ctx.state.requestId, code: (error as { code?: unknown }).code ?? 'internal' }, 'idempotency key not updated');
    }
  }

  async function sweep(ctx: AppContext): Promise<void> {
    const now = clock.now().getTime();
    if (now < nextSweep) return;
    nextSweep = now + SWEEP_EVERY_MS;
    try {
      await sweepKeys(store, clock);
    } catch (error) {
      // Nothing depends on it now: a claim treats an expired key as absent; the next sweep tries again.
      logger.warn({ request_id: ctx.state.requestId, code: (error as { code?: unknown }).code ?? 'internal' }, 'expired idempotency keys not removed');
    }
  }
}
