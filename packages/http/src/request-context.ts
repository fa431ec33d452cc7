import { randomUUID } from 'node:crypto';
import type { Params } from '@pips/xml';
import type { AppContext, AppMiddleware, Logger } from './app-state';
import { splitApiPath } from './api-path';
import { holdsToken, NO_SECRETS, redactText, tokenSegments } from './redaction/redact-text';

// A caller's own id is kept for tracing across services, if it is short and plain.
const CLIENT_CLOSED_REQUEST = 499;

const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The caller's id when it is short and plain and holds nothing the path presents as a token
 * (verified or not: the id is answered before the token is checked), else a new one. An id is
 * echoed in every answer and log line, so a token sent as one would be too.
 */
function requestIdOf(ctx: AppContext): string {
  const incoming = ctx.req.headers['x-request-id'];
  if (typeof incoming !== 'string' || !ACCEPTED_ID.test(incoming)) return randomUUID();
  const presented = [splitApiPath(ctx.path)?.token ?? '', ...tokenSegments(ctx.path)];
  return holdsToken(incoming, presented) ? randomUUID() : incoming;
}

/** Told of each answered request once, with the status its access line gives and the milliseconds it took. */
export type AnsweredHook = (ctx: AppContext, status: number, ms: number) => void;

/** Outermost middleware: names the request, and logs (and counts) it once it is answered. */
export function requestContext(logger: Logger, answered?: AnsweredHook): AppMiddleware {
  return async (ctx, next) => {
    const requestId = requestIdOf(ctx);
    ctx.state.requestId = requestId;
    ctx.state.secrets = NO_SECRETS;
    ctx.state.params = Object.create(null) as Params;
    ctx.response.set('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    ctx.state.logged = true;
    const ms = performance.now() - started;
    // 499 as nginx logs it: the client closed the connection before it was answered.
    const status = ctx.state.clientGone ? CLIENT_CLOSED_REQUEST : ctx.status;
    answered?.(ctx, status, ms);
    // The access line is built only for a logger that writes it (LOG_LEVEL info or debug).
    if (logger.isLevelEnabled?.('info') === false) return;
    const line = {
      request_id: requestId,
      method: ctx.method,
      path: redactText(ctx.path, ctx.state.secrets),
      status,
      duration_ms: Math.round(ms),
    };
    logger.info(line, ctx.state.clientGone ? 'client closed the connection' : 'request');
  };
}
