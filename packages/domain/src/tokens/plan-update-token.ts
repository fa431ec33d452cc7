import { errors, messages } from '../errors';
import { isPermission, type Permission } from '../permissions';
import type { ApiToken } from '../records';
import { updateRow, writePlan, type UpdateStep, type WritePlan } from '../write-plan';
import { BOOTSTRAP_TOKEN_NAME } from './bootstrap-token-name';
import { tokenIdOf } from './token-named';
import { permissionsText } from './token-permissions';
import type { UpdateTokenInput } from './update-token-input';

/**
 * What updating a token writes: its permissions and scope, one update, and the step whose row is
 * the token then; no plan when the token already is as asked (a script may run the same update twice).
 */
export type UpdateTokenPlan =
  | { readonly token: ApiToken; readonly plan: null }
  | { readonly token: ApiToken; readonly plan: WritePlan; readonly update: UpdateStep<'api_token'> };

/**
 * The token `input.nameOrId` names among `candidates` (every token, revoked ones too, with that
 * name or id, read locked): a live token with that name first, else the live token with that id.
 * Names are unique among live tokens, so at most one is found. A revoked token is not changed
 * (issue a new one); the bootstrap token neither (each start undoes the change).
 */
export function planUpdateToken(input: UpdateTokenInput, candidates: readonly ApiToken[]): UpdateTokenPlan {
  const live = candidates.filter((token) => token.revoked_at === null);
  const token = live.find((t) => t.name === input.nameOrId) ?? live.find((t) => t.id === tokenIdOf(input.nameOrId));
  if (!token) {
    if (candidates.length > 0) throw errors.unprocessable([messages.revokedToken(input.nameOrId)]);
    throw errors.noLiveToken(input.nameOrId);
  }
  if (token.name === BOOTSTRAP_TOKEN_NAME) throw errors.unprocessable([messages.bootstrapTokenFixed(token.name)]);
  const granted = new Set<Permission>(token.permissions.split(' ').filter(isPermission));
  for (const permission of input.add) granted.add(permission);
  for (const permission of input.remove) granted.delete(permission);
  const permissions = permissionsText([...granted]);
  const readOnly = input.readOnly ?? token.read_only;
  if (permissions === token.permissions && readOnly === token.read_only) return { token, plan: null };
  // The row is read locked: nothing changes it before the plan is written, so it expects nothing.
  const update = updateRow('api_token', token.id, { permissions, read_only: readOnly });
  return { token, plan: writePlan([update]), update };
}
