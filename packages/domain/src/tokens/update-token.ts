import type { ApiToken } from '../records';
import { planUpdateToken, tokenIdOf } from './plan-update-token';
import type { TokenDeps } from './token-deps';
import type { UpdateTokenInput } from './update-token-input';

export interface UpdatedToken {
  /** The token as it is now. */
  readonly token: ApiToken;
  /** False when it already was as asked. */
  readonly changed: boolean;
}

/**
 * Adds and removes permissions of a live token and sets its scope, in one transaction with the
 * token's row locked, so two updates at once both land. A server notices within its token
 * cache's time (a second): the next check reads the new row. `input` is parsed by `parseUpdateToken`.
 */
export async function updateToken(deps: TokenDeps, input: UpdateTokenInput): Promise<UpdatedToken> {
  const id = tokenIdOf(input.nameOrId);
  return deps.store.transaction(async (tx) => {
    const repo = tx.repo('api_token');
    const named = id === null ? { name: input.nameOrId } : { $or: [{ name: input.nameOrId }, { id }] };
    const plan = planUpdateToken(input, await repo.find(named, { lock: true, orderBy: [['id', 'asc']] }));
    if (!plan.patch) return { token: plan.token, changed: false };
    return { token: (await repo.update(plan.token.id, plan.patch)) ?? plan.token, changed: true };
  });
}
