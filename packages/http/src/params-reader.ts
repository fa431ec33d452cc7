import { parseRailsParams } from '@pips/xml';
import type { AppContext, AppMiddleware } from './app-state';
import { mergeParams } from './merge-params';
import { parseBody } from './parse-body';
import { declaresNoBody, decodeUtf8, readBody } from './read-body';

/** Reads body and query into `ctx.state.params`, so routes never touch the raw request. */
export function paramsReader(maxBodyBytes: number): AppMiddleware {
  return (ctx, next) => {
    // Most requests (a GET without a query) have nothing to read: `params` stays the empty one
    // the request began with, and no promise of its own is made.
    if (ctx.querystring === '' && declaresNoBody(ctx.req)) return next();
    return readParams(ctx, next);
  };

  async function readParams(ctx: AppContext, next: () => Promise<unknown>): Promise<void> {
    const text = decodeUtf8(await readBody(ctx.req, maxBodyBytes));
    const body = parseBody(text, ctx.get('Content-Type'), maxBodyBytes);
    ctx.state.bodyText = text;
    ctx.state.params = mergeParams(parseRailsParams(ctx.querystring), body);
    await next();
  }
}
