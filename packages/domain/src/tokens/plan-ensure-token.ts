import type { ApiToken } from '../records';
import { EVERY_PERMISSION } from './token-permissions';
import type { TokenToStore } from './token-to-store';

/** What making sure of a token writes: the token, or every permission back on the one there is. */
export type EnsureTokenPlan =
  | { readonly kind: 'insert'; readonly token: TokenToStore }
  | { readonly kind: 'update'; readonly token: ApiToken; readonly patch: Pick<ApiToken, 'permissions' | 'read_only' | 'revoked_at'> };

/**
 * The token hashed as `tokenHash` is to be live with every permission and free to write: stored as
 * `name` when there is none (`existing`), otherwise given every permission, made read-write and
 * unrevoked, its name kept.
 */
export function planEnsureToken(existing: ApiToken | null, name: string, tokenHash: string): EnsureTokenPlan {
  if (!existing) {
    return {
      kind: 'insert',
      token: { name, token_hash: tokenHash, permissions: EVERY_PERMISSION, read_only: false, revoked_at: null },
    };
  }
  return { kind: 'update', token: existing, patch: { permissions: EVERY_PERMISSION, read_only: false, revoked_at: null } };
}
