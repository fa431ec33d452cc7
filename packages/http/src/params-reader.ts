import { parseRailsParams } from '@pips/xml';
import type { AppMiddleware } from './app-state';
import { mergeParams } from './merge-params';
import { parseBody } from './parse-body';
import { decodeUtf8, readBody } from './read-body';

/** Reads body and query into `ctx.state.params`, so routes never touch the raw request. */
export function paramsReader(maxBodyBytes: number): AppMiddleware {
  return async (ctx, next) => {
    const text = decodeUtf8(await readBody(ctx.req, maxBodyBytes));
    const body = parseBody(text, ctx.get('Content-Type'), maxBodyBytes);
    ctx.state.params = mergeParams(parseRailsParams(ctx.querystring), body);
    await next();
  };
}
