import type { ApiToken } from '../records';
import { withEvents } from '../events';
import { insertRow, updateRow, writePlan, type InsertStep, type UpdateStep, type WritePlan } from '../write-plan';
import { SERVER_SOURCE_NAME, tokenEvent } from './token-events';
import { EVERY_PERMISSION } from './token-permissions';

/** Making sure of a token's write, and the step whose row is the token as it is then. */
export interface EnsureTokenPlan {
  readonly plan: WritePlan;
  readonly token: InsertStep<'api_token'> | UpdateStep<'api_token'>;
}

/**
 * The token hashed as `tokenHash` is to be live with every permission and free to write: stored as
 * `name` when there is none (`existing`), otherwise given every permission, made read-write and
 * unrevoked, its name kept. Whatever the token held meanwhile, this is what it is to hold, so the
 * update expects nothing of it. Its event, made by the server: `token.issued` for a new one,
 * `token.updated` for one that held less; none when it held all that already (each start
 * ensures it, and a restart changes nothing).
 */
export function planEnsureToken(existing: ApiToken | null, name: string, tokenHash: string, now: Date): EnsureTokenPlan {
  const granted = { permissions: EVERY_PERMISSION, read_only: false, revoked_at: null };
  const token = existing
    ? updateRow('api_token', existing.id, granted)
    : insertRow('api_token', { name, token_hash: tokenHash, ...granted, created_at: now }, 'token');
  const unchanged = existing !== null && existing.permissions === EVERY_PERMISSION && !existing.read_only && existing.revoked_at === null;
  const events = unchanged ? [] : [tokenEvent(now, existing ? 'updated' : 'issued', token, SERVER_SOURCE_NAME)];
  return { plan: withEvents(writePlan([token]), events), token };
}
