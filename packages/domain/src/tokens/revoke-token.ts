import { withEvents } from '../events';
import type { WriteStep } from '../write-plan';
import { tokenEvent } from './token-events';
import { many } from '../read-plan';
import { planRevokeToken } from './plan-revoke-token';
import type { TokenDeps } from './token-deps';
import { tokensNamed } from './token-named';

/**
 * Revokes the live tokens named `name` (or with that id); returns how many. Two statements: the
 * live tokens it may name, locked (so two revokes at once count each token once), then the plan.
 */
export async function revokeToken(deps: TokenDeps, nameOrId: string): Promise<number> {
  return deps.store.transaction(async (tx) => {
    const { live } = await tx.load({ live: many('api_token', { revoked_at: null, ...tokensNamed(nameOrId) }, { lock: true }) });
    const plan = planRevokeToken(live, nameOrId, deps.clock.now());
    const at = deps.clock.now();
    const events = plan.steps.map((step) => tokenEvent(at, 'revoked', step as WriteStep<'api_token'>));
    if (plan.steps.length > 0) await tx.write(withEvents(plan, events), { commit: true });
    return plan.steps.length;
  });
}
