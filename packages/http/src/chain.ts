import type { AppMiddleware } from './app-state';

/** Runs middleware in order as one (a small koa-compose for a fixed list). */
export function chain(...links: readonly AppMiddleware[]): AppMiddleware {
  return (ctx, next) => {
    const run = (i: number): Promise<unknown> => {
      const link = links[i];
      return link ? Promise.resolve(link(ctx, () => run(i + 1))) : next();
    };
    return run(0);
  };
}
