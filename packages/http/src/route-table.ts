import Router from '@koa/router';
import type { AppMiddleware, AppState } from './app-state';
import { splitApiPath } from './api-path';

/** Where routes are registered: the methods of a router the route modules use. */
export type RouteTable = Pick<Router<AppState>, 'get' | 'post' | 'put' | 'delete'>;

const METHODS = ['get', 'post', 'put', 'delete'] as const;

/** A route of the API as registered: its method and its path under `/api/v2/:api_token`. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/** A route path's first segment (`/unit/:id` → `unit`), lower-cased as the router matches case-blind. */
const firstSegment = (path: string): string => (path.split('/')[1] ?? '').toLowerCase();

/**
 * Routes under the API prefix, one router per first path segment, found by a map lookup: a
 * request tries the patterns of its own resource (two to five), not every route of the API in turn
 * (the router's pattern matching was a tenth of a request's CPU). Paths and matching are the
 * router's own, so what matches does not change.
 */
export function segmentedRoutes(prefix: string): { table: RouteTable; middleware(): AppMiddleware; routes(): readonly ApiRoute[] } {
  const routers = new Map<string, Router<AppState>>();
  const registered: ApiRoute[] = [];
  const routerFor = (path: string) => {
    const segment = firstSegment(path);
    let router = routers.get(segment);
    if (!router) routers.set(segment, (router = new Router<AppState>({ prefix })));
    return router;
  };
  const table = {} as Record<(typeof METHODS)[number], unknown>;
  for (const method of METHODS) {
    table[method] = (path: string, ...handlers: unknown[]) => {
      (routerFor(path)[method] as (...args: unknown[]) => unknown)(path, ...handlers);
      registered.push({ method: method.toUpperCase() as ApiRoute['method'], path });
      return table;
    };
  }
  return {
    table: table as unknown as RouteTable,
    routes: () => [...registered],
    middleware() {
      const byPath = new Map([...routers].map(([segment, router]) => [segment, router.routes() as AppMiddleware]));
      return (ctx, next) => {
        const rest = splitApiPath(ctx.path)?.rest ?? '';
        const routes = byPath.get(firstSegment(rest));
        return routes ? routes(ctx, next) : next();
      };
    },
  };
}
