import type { ApiToken } from '../records';

/** The tokens of `live` that `nameOrId` names: by name, or by id written as digits. */
export function planRevokeToken(live: readonly ApiToken[], nameOrId: string): ApiToken[] {
  return live.filter((token) => token.name === nameOrId || String(token.id) === nameOrId);
}
