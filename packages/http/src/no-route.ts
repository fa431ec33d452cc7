import { PipsError } from '@pips/domain';
import type { AppMiddleware } from './app-state';
import { loggedPath, splitApiPath } from './api-path';
import { httpMessages } from './http-messages';

/**
 * Last link: nothing answered. Under the API the path is shown from after the token; elsewhere a
 * token-like segment (a mistyped prefix) is masked: the token is never echoed.
 */
export const noRoute: AppMiddleware = async (ctx) => {
  const path = splitApiPath(ctx.path)?.rest ?? loggedPath(ctx.path);
  throw new PipsError('not_found', [httpMessages.noRoute(ctx.method, path)]);
};
