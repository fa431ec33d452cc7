import { randomUUID } from 'node:crypto';
import type { Params } from '@pips/xml';
import type { AppMiddleware, Logger } from './app-state';
import { loggedPath } from './api-path';

// A caller's own id is kept for tracing across services, if it is short and plain.
const CLIENT_CLOSED_REQUEST = 499;

const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Outermost middleware: names the request, and logs it once it is answered. */
export function requestContext(logger: Logger): AppMiddleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = incoming !== '' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.params = Object.create(null) as Params;
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    ctx.state.logged = true;
    const line = {
      request_id: requestId,
      method: ctx.method,
      path: loggedPath(ctx.path),
      // 499 as nginx logs it: the client closed the connection before it was answered.
      status: ctx.state.clientGone ? CLIENT_CLOSED_REQUEST : ctx.status,
      duration_ms: Math.round(performance.now() - started),
    };
    logger.info(line, ctx.state.clientGone ? 'client closed the connection' : 'request');
  };
}
