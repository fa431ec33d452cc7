import type { AppMiddleware } from './app-state';

/** `/unit/` and `/unit` are the same route everywhere; the query string is kept. */
export const trailingSlash: AppMiddleware = async (ctx, next) => {
  if (ctx.path.length > 1 && ctx.path.endsWith('/')) ctx.path = ctx.path.replace(/\/+$/, '') || '/';
  await next();
};
