import { createHash } from 'node:crypto';
import type { AppContext } from '../app-state';

/**
 * What makes a request the one its key was first sent with: its method, its path after the token,
 * its query and its body, byte for byte (SHA-256, hex). Lines part them: neither a path nor a
 * query holds a line break.
 */
export function requestHash(ctx: AppContext): string {
  return createHash('sha256')
    .update(`${ctx.method}\n${ctx.state.apiRest ?? ctx.path}\n${ctx.querystring}\n`)
    .update(ctx.state.bodyText ?? '')
    .digest('hex');
}
