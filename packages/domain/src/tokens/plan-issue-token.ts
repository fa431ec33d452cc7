import { errors, messages } from '../errors';
import type { ApiToken } from '../records';
import type { IssueTokenInput } from './issue-token-input';
import { permissionsText } from './token-permissions';
import type { TokenToStore } from './token-to-store';

/**
 * The token to store for `input`, hashed as `tokenHash`. Names say who holds a token, so
 * `token revoke NAME` must hit exactly that one: a name a live token has is taken (400); a
 * revoked token's name may be issued again.
 */
export function planIssueToken(input: IssueTokenInput, tokenHash: string, liveNamesake: ApiToken | null): TokenToStore {
  if (liveNamesake) throw errors.invalid([messages.taken('name')]);
  return {
    name: input.name,
    token_hash: tokenHash,
    permissions: permissionsText(input.permissions),
    read_only: input.readOnly,
    revoked_at: null,
  };
}
