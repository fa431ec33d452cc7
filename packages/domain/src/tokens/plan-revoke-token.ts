import type { ApiToken } from '../records';
import { updateRow, writePlan, type WritePlan } from '../write-plan';

/**
 * Revoking the tokens of `live` that `nameOrId` names (by name, or by id written as digits): one
 * update each, at `now`, of a token still live when written (read locked, it is; one revoked
 * meanwhile would fail the plan rather than be revoked twice). No step when it names none.
 */
export function planRevokeToken(live: readonly ApiToken[], nameOrId: string, now: Date): WritePlan {
  const named = live.filter((token) => token.name === nameOrId || String(token.id) === nameOrId);
  return writePlan(named.map((token) => updateRow('api_token', token.id, { revoked_at: now }, { revoked_at: null })));
}
