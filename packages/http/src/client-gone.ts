import type Koa from 'koa';
import type { AppState, Logger } from './app-state';
import { loggedPath } from './api-path';

const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);

/** True when the error only says the client went away (aborted upload, closed mid-response). */
export function isClientGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && CLIENT_GONE.has(code)) || (error as Error | null)?.message === 'aborted';
}

/**
 * Errors Koa reports after a response has started (a streamed list whose client hung up):
 * nothing can be answered any more, so they are logged once, and a departed client is not an error.
 */
export function reportLateErrors(app: Koa<AppState>, logger: Logger): void {
  app.silent = true;
  app.on('error', (error: unknown, ctx?: { state?: AppState; method?: string; path?: string }) => {
    const where = { request_id: ctx?.state?.requestId, method: ctx?.method, path: ctx?.path && loggedPath(ctx.path) };
    if (isClientGone(error)) logger.info({ ...where, code: (error as { code?: string }).code }, 'client closed the connection');
    else logger.error({ ...where, err: error }, 'error after the response started');
  });
}
