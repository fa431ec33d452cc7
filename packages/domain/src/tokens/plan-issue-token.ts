import { errors, messages } from '../errors';
import type { ApiToken } from '../records';
import { insertRow, writePlan, type InsertStep, type WritePlan } from '../write-plan';
import type { IssueTokenInput } from './issue-token-input';
import { permissionsText } from './token-permissions';

/** Issuing a token's write, and the step whose row is the token. */
export interface IssueTokenPlan {
  readonly plan: WritePlan;
  readonly token: InsertStep<'api_token'>;
}

/**
 * The token to store for `input`, hashed as `tokenHash` (the token itself is never in the plan).
 * Names say who holds a token, so `token revoke NAME` must hit exactly that one: a name a live
 * token has is taken (400); a revoked token's name may be issued again.
 */
export function planIssueToken(input: IssueTokenInput, tokenHash: string, liveNamesake: ApiToken | null, now: Date): IssueTokenPlan {
  if (liveNamesake) throw errors.invalid([messages.taken('name')]);
  const token = insertRow('api_token', {
    name: input.name,
    token_hash: tokenHash,
    permissions: permissionsText(input.permissions),
    read_only: input.readOnly,
    created_at: now,
    revoked_at: null,
  }, 'token');
  return { plan: writePlan([token]), token };
}
