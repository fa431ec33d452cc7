import { PipsError } from '@pips/domain';
import type { AppMiddleware } from './app-state';
import { splitApiPath } from './api-path';
import { httpMessages } from './http-messages';

/**
 * Last link: nothing answered. Under the API the path is shown from after the token; whatever
 * else it holds where a token goes (`/api/v2/T/api/v2/T/unit`, a mistyped prefix) the error
 * mapper masks, as it masks every error text.
 */
export const noRoute: AppMiddleware = async (ctx) => {
  const path = splitApiPath(ctx.path)?.rest ?? ctx.path;
  throw new PipsError('not_found', [httpMessages.noRoute(ctx.method, path)]);
};
