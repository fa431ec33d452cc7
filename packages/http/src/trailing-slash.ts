import type { AppMiddleware } from './app-state';

/** `/unit/` and `/unit` are the same route everywhere; the query string is kept. */
export const trailingSlash: AppMiddleware = (ctx, next) => {
  if (ctx.path.length > 1 && ctx.path.endsWith('/')) ctx.path = ctx.path.replace(/\/+$/, '') || '/';
  // Not async: every request passes here, and a pass-through needs no promise of its own.
  return next();
};
