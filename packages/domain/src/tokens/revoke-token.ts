import { planRevokeToken } from './plan-revoke-token';
import type { TokenDeps } from './token-deps';

/** Revokes the live tokens named `name` (or with that id); returns how many. */
export async function revokeToken(deps: TokenDeps, nameOrId: string): Promise<number> {
  return deps.store.transaction(async (tx) => {
    const repo = tx.repo('api_token');
    const revoked = planRevokeToken(await repo.find({ revoked_at: null }), nameOrId);
    for (const token of revoked) await repo.update(token.id, { revoked_at: deps.clock.now() });
    return revoked.length;
  });
}
