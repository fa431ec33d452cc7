import type { AppMiddleware, Logger } from './app-state';
import { errorResponse } from './error-table';
import { sendXml } from './reply';
import { loggedPath } from './api-path';
import { isClientGone } from './client-gone';

/**
 * The first middleware after the request id: the only place an error becomes a response, and
 * where each is counted by its code.
 */
export function errorMapper(logger: Logger, counted?: (code: string) => void): AppMiddleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const response = errorResponse(error, ctx.state.requestId);
      const where = { request_id: ctx.state.requestId, method: ctx.method, path: loggedPath(ctx.path) };
      if (isClientGone(error)) {
        // An aborted upload: nobody is left to read an answer, and it is not our failure; the
        // access line reports it.
        ctx.state.clientGone = true;
        ctx.status = 400;
        return;
      }
      counted?.(response.code);
      if (response.unexpected) {
        logger.error({ err: error, ...where }, 'unhandled error');
      }
      for (const [name, value] of Object.entries(response.headers)) ctx.set(name, value);
      sendXml(ctx, response.root, response.node, response.status);
    }
  };
}
