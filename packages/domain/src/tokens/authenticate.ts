import { errors } from '../errors';
import type { Principal } from '../permissions';
import type { TokenDeps } from './token-deps';
import { principalOf } from './token-permissions';
import { hashToken } from './token-secret';

/** Who calls with the token `value`: unknown, empty and revoked tokens are 401. */
export async function authenticate(deps: TokenDeps, value: string): Promise<Principal> {
  if (!value) throw errors.unauthorized();
  const hash = await hashToken(value);
  const record = await deps.store.read((tx) => tx.repo('api_token').findOne({ token_hash: hash }));
  if (!record || record.revoked_at) throw errors.unauthorized();
  return principalOf(record);
}
