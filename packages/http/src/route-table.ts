import FindMyWay from 'find-my-way';
import type { Next } from 'koa';
import { requirePermission } from '@pips/domain';
import { domainContext, type AppContext, type AppMiddleware } from './app-state';
import type { Operation } from './openapi/operation';

/** A route's context: the app's, with the path's parameters (`:id` → `ctx.params.id`), decoded. */
export type RouteContext = AppContext & { params: Record<string, string> };

export type RouteHandler = (ctx: RouteContext, next: Next) => unknown;

const METHODS = ['get', 'post', 'put', 'delete'] as const;
type Method = (typeof METHODS)[number];

/**
 * Where the route modules register their routes: a path under the API prefix, its handler, and
 * the description of its operation (kept beside the route, read only when the API is described).
 */
export type RouteTable = Record<Method, (path: string, handler: RouteHandler, operation: Operation) => RouteTable>;

/** A route of the API as registered: its method, its path under `/api/v2/:api_token` and its operation. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  operation: Operation;
}

/**
 * The API's routes in a radix tree (find-my-way, Fastify's router): a request walks the tree once
 * instead of trying route patterns as regular expressions in turn and composing a middleware
 * chain for the match, which cost a router per request about what the rest of a show did.
 * Matching is case-blind (a path's letters, not its parameters' values), percent-encoded
 * characters match as what they encode, a HEAD is routed as its GET, and an unknown route (or a
 * path that does not decode) falls through to the next middleware.
 */
export function apiRouteTable(): {
  table: RouteTable;
  middleware(): AppMiddleware;
  routes(): readonly ApiRoute[];
  /** The registered path a request would reach (`/unit/:id`), for one that failed before it was routed (a bad body). */
  templateOf(method: string, rest: string): string | undefined;
} {
  const router = FindMyWay({
    caseSensitive: false,
    // A parameter is as long as the request line allows: a long id is refused by the route, as any other bad id.
    maxParamLength: 65_536,
  });
  const registered: ApiRoute[] = [];
  const table = {} as RouteTable;
  for (const method of METHODS) {
    table[method] = (path, handler, operation) => {
      router.on(method.toUpperCase() as Uppercase<Method>, path, () => undefined, { handler, path, permission: operation.permission });
      registered.push({ method: method.toUpperCase() as ApiRoute['method'], path, operation });
      return table;
    };
  }
  const find = (method: string, rest: string) => router.find(method === 'HEAD' ? 'GET' : (method as 'GET'), rest);
  return {
    table,
    routes: () => [...registered],
    templateOf: (method, rest) => (find(method, rest)?.store as { path: string } | undefined)?.path,
    middleware() {
      // Not async: a pass-through needs no promise of its own.
      return (ctx, next) => {
        const rest = ctx.state.apiRest;
        const found = rest === undefined ? null : find(ctx.method, rest);
        if (!found) return next();
        const route = found.store as { handler: RouteHandler; path: string; permission: Operation['permission'] };
        const routed = ctx as RouteContext;
        routed.params = found.params as Record<string, string>;
        ctx.state.route = route.path;
        // The permission an operation always needs is asked for before its route reads the body:
        // a caller without it is told so (403), never what was wrong with a body it may not send.
        // The domain asks again, for its callers that are not this app.
        if (route.permission) requirePermission(domainContext(ctx).actor, route.permission);
        return route.handler(routed, next);
      };
    },
  };
}
