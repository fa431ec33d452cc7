import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { AppContext, AppMiddleware } from '../app-state';
import { routeOf, UNMATCHED_ROUTE, type TemplateOf } from '../metrics/route-label';

/** Where the API's routes are mounted, as a span names it: the token is a parameter, never its value. */
const API_PREFIX = '/api/v2/{token}';

// 499 as the access line gives it: the client closed the connection before it was answered.
const CLIENT_CLOSED_REQUEST = 499;

/**
 * The route as OpenTelemetry's `http.route` has it (`/api/v2/{token}/part/{id}`), from the route
 * the metrics count by (`/part/:id`); undefined for a request no route answered, whose path may
 * hold anything (a token among it).
 */
export function tracedRoute(ctx: AppContext, templateOf: TemplateOf): string | undefined {
  const route = routeOf(ctx, templateOf);
  if (route === UNMATCHED_ROUTE) return undefined;
  const template = route.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
  return ctx.state.apiRest === undefined ? template : API_PREFIX + template;
}

function endRequestSpan(span: ReturnType<Tracer['startSpan']>, ctx: AppContext, templateOf: TemplateOf): void {
  const status = ctx.state.clientGone ? CLIENT_CLOSED_REQUEST : ctx.status;
  const route = tracedRoute(ctx, templateOf);
  if (route !== undefined) {
    span.updateName(`${ctx.method} ${route}`);
    span.setAttribute('http.route', route);
  }
  span.setAttribute('http.response.status_code', status);
  span.setAttribute('pips.request_id', ctx.state.requestId);
  const code = ctx.state.errorCode;
  if (code !== undefined) span.setAttribute('error.type', code);
  // A server span fails on 5xx only: a refusal (4xx) is the caller's, told by its error code.
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * Outermost middleware when tracing is on: a server span per request, the child of the caller's
 * W3C `traceparent` when it sends one, active while the request runs (statement spans and log
 * lines find it there). Named and described only by the route template, method, status and error
 * code: never the path, which holds the token.
 */
export function requestSpan(tracer: Tracer, templateOf: TemplateOf): AppMiddleware {
  return (ctx, next) => {
    const parent = propagation.extract(ROOT_CONTEXT, ctx.req.headers);
    const span = tracer.startSpan(ctx.method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': ctx.method } }, parent);
    return context.with(trace.setSpan(parent, span), async () => {
      try {
        await next();
      } finally {
        endRequestSpan(span, ctx, templateOf);
      }
    });
  };
}
