import type { AppContext, AppMiddleware, Logger } from './app-state';
import { errorResponse } from './error-table';
import { sendXml } from './reply';
import { isClientGone } from './client-gone';
import { redactError } from './redaction/redact-error';
import { redactText } from './redaction/redact-text';

/** Makes the response for anything a request threw: counted by its code, logged where the operator has to see it. */
export type ErrorAnswer = (ctx: AppContext, error: unknown) => void;

/**
 * The only place an error becomes a response. The error mapper answers with it, and so does what
 * must see an error's response before the request ends (an idempotency key keeping its answer).
 */
export function errorAnswer(logger: Logger, counted?: (code: string) => void): ErrorAnswer {
  return (ctx, error) => {
    // Every error text is masked here, by rule: whatever a message quotes (a path, an id, a
    // value) never shows a token, however the message was built.
    const secrets = ctx.state.secrets;
    const response = errorResponse(error, ctx.state.requestId, (text) => redactText(text, secrets));
    const where = { request_id: ctx.state.requestId, method: ctx.method, path: redactText(ctx.path, secrets) };
    if (isClientGone(error)) {
      // An aborted upload: nobody is left to read an answer, and it is not our failure; the
      // access line reports it.
      ctx.state.clientGone = true;
      ctx.status = 400;
      return;
    }
    ctx.state.errorCode = response.code;
    counted?.(response.code);
    if (response.unexpected) {
      logger.error({ err: redactError(error, secrets), ...where }, 'unhandled error');
    } else if (response.log) {
      // The store's state, not a bug: one line with the code, never a stack.
      const text = error instanceof Error ? redactText(error.message, secrets) : response.code;
      logger[response.log]({ code: response.code, ...where }, text);
    }
    for (const [name, value] of Object.entries(response.headers)) ctx.set(name, value);
    sendXml(ctx, response.root, response.node, response.status);
  };
}

/** The first middleware after the request id: every error the request throws is answered here. */
export function errorMapper(answer: ErrorAnswer): AppMiddleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      answer(ctx, error);
    }
  };
}
