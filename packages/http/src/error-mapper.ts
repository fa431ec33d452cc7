import type { AppMiddleware, Logger } from './app-state';
import { errorResponse } from './error-table';
import { sendXml } from './reply';
import { loggedPath } from './api-path';

/** The first middleware after the request id: the only place an error becomes a response. */
export function errorMapper(logger: Logger): AppMiddleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const response = errorResponse(error, ctx.state.requestId);
      if (response.unexpected) {
        logger.error(
          { err: error, request_id: ctx.state.requestId, method: ctx.method, path: loggedPath(ctx.path) },
          'unhandled error',
        );
      }
      for (const [name, value] of Object.entries(response.headers)) ctx.set(name, value);
      sendXml(ctx, response.root, response.node, response.status);
    }
  };
}
