import type { KeptAnswer } from '@pips/domain';
import type { AppContext } from '../app-state';

/** The header a replayed answer carries, as Stripe names it: the request did not run again. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

// What says something of the answer itself; each answer has its own request id and length.
const kept = (name: string) => name === 'content-type' || name === 'location' || (name.startsWith('x-') && name !== 'x-request-id');

/** The answer the request is about to be given, as a retry will be given it; undefined for a streamed body. */
export function answerOf(ctx: AppContext): KeptAnswer | undefined {
  const body: unknown = ctx.body;
  let text: string;
  if (body === null || body === undefined) text = '';
  else if (typeof body === 'string') text = body;
  else if (Buffer.isBuffer(body)) text = body.toString('utf8');
  else return undefined;
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(ctx.response.headers)) {
    if (kept(name) && value !== undefined) headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return { status: ctx.status, headers, body: text };
}

/** Answers a retry with what its first request was answered, marked as a replay. */
export function replay(ctx: AppContext, answer: KeptAnswer): void {
  ctx.status = answer.status;
  for (const [name, value] of answer.headers) ctx.set(name, value);
  ctx.set(REPLAYED_HEADER, 'true');
  ctx.body = answer.body;
}
