import type { Context as DomainContext } from '@pips/domain';
import type { Params } from '@pips/xml';
import type { Middleware, ParameterizedContext } from 'koa';

/** What the middleware chain leaves on `ctx.state` for the next link. */
export interface AppState {
  requestId: string;
  /** Query and body parameters, merged (body wins). Set before any route runs. */
  params: Params;
  /** The body as read, when there was one: what tells a retry from another request (`idempotency/`). */
  bodyText?: string;
  /** The caller's domain context; set under `/api/v2/:api_token` once the token is checked. */
  context?: DomainContext;
  /** Under `/api/v2/:api_token`, the path after the token (`/unit/5`): what the API's routes match. */
  apiRest?: string;
  /** The API route that answered, as registered (`/unit/:id`): what logs and metrics may name, never the path itself. */
  route?: string;
  /** The code of the error the request was answered with (`not_found`, `forbidden`…): what a trace names a refusal by. */
  errorCode?: string;
  /** The client hung up before it was answered; the access line says so instead of a status. */
  clientGone?: boolean;
  /** The access line has been written; a later hang-up is then logged on its own. */
  logged?: boolean;
  /**
   * Texts masked as `[token]` in every answer's error text and every log line, wherever they
   * stand: the caller's token, once it is verified (`redaction/`).
   */
  secrets: readonly string[];
}

export type AppContext = ParameterizedContext<AppState>;
export type AppMiddleware = Middleware<AppState>;

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  /** Whether lines of `level` are written (pino's): when not, the app need not build them. */
  isLevelEnabled?(level: 'info'): boolean;
}

/** Authenticated routes only run after the token middleware, so a missing context is a wiring bug. */
export function domainContext(ctx: AppContext): DomainContext {
  const context = ctx.state.context;
  if (!context) throw new Error('route reached without an authenticated context');
  return context;
}
