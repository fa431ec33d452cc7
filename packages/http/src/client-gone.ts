import type Koa from 'koa';
import type { AppState, Logger } from './app-state';
import { redactError } from './redaction/redact-error';
import { NO_SECRETS, redactText } from './redaction/redact-text';

// HPE_INVALID_EOF_STATE: Node's parser saw the connection end inside a request body (an upload cut short).
const CLIENT_GONE = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
  'HPE_INVALID_EOF_STATE',
]);

/** True when the error only says the client went away (aborted upload, closed mid-response). */
export function isClientGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && CLIENT_GONE.has(code)) || (error as Error | null)?.message === 'aborted';
}

/**
 * Errors Koa reports after a response has started (a streamed list whose client hung up):
 * nothing can be answered any more, so they are logged once, and a departed client is not an
 * error. A hang-up before the access line is written is left to that line, so it is said once.
 */
export function reportLateErrors(app: Koa<AppState>, logger: Logger): void {
  app.silent = true;
  app.on('error', (error: unknown, ctx?: { state?: AppState; method?: string; path?: string }) => {
    const secrets = ctx?.state?.secrets ?? NO_SECRETS;
    const where = { request_id: ctx?.state?.requestId, method: ctx?.method, path: ctx?.path && redactText(ctx.path, secrets) };
    if (!isClientGone(error)) {
      logger.error({ ...where, err: redactError(error, secrets) }, 'error after the response started');
      return;
    }
    if (ctx?.state && !ctx.state.logged) ctx.state.clientGone = true;
    else logger.info({ ...where, code: (error as { code?: string }).code }, 'client closed the connection');
  });
}
