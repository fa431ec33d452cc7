import { withEvents } from '../events';
import { tokenEvent } from './token-events';
import { many } from '../read-plan';
import type { ApiToken } from '../records';
import { planUpdateToken } from './plan-update-token';
import type { TokenDeps } from './token-deps';
import { tokensNamed } from './token-named';
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
 * Two statements: the tokens it may name, locked, then the plan (none when nothing changes).
 */
export async function updateToken(deps: TokenDeps, input: UpdateTokenInput): Promise<UpdatedToken> {
  return deps.store.transaction(async (tx) => {
    const { candidates } = await tx.load({ candidates: many('api_token', tokensNamed(input.nameOrId), { lock: true }) });
    const planned = planUpdateToken(input, candidates);
    if (!planned.plan) return { token: planned.token, changed: false };
    const event = tokenEvent(deps.clock.now(), 'updated', planned.update);
    return { token: (await tx.write(withEvents(planned.plan, [event]), { commit: true })).row(planned.update), changed: true };
  });
}
