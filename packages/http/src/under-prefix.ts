import type { AppMiddleware } from './app-state';

/** Runs `middleware` for `prefix` and the paths below it only; `/__harnessX` is not below `/__harness`. */
export function underPrefix(prefix: string, middleware: AppMiddleware): AppMiddleware {
  return (ctx, next) => (ctx.path === prefix || ctx.path.startsWith(`${prefix}/`) ? middleware(ctx, next) : next());
}
