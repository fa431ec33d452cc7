import { isUniqueViolation } from '../errors';
import { one, param } from '../read-plan';
import type { ApiToken } from '../records';
import { schema } from '../schema';
import { planEnsureToken } from './plan-ensure-token';
import type { TokenDeps } from './token-deps';
import { hashToken } from './token-secret';

/** The store's answer to a second insert of a token's hash. */
const isHashTaken = (error: unknown): boolean => schema.api_token.unique.some((key) => isUniqueViolation(error, key.name));

/** The token stored under a hash, revoked or not. */
const tokenOfHash = { token: one('api_token', { token_hash: param('hash') }) };

/**
 * Makes sure `value` is a live token with every permission (the bootstrap token). Servers
 * starting together on one database each ensure it: one that loses the insert to another's
 * finds that token on its second try and makes sure of it instead.
 */
export async function ensureToken(deps: TokenDeps, value: string, name: string): Promise<ApiToken> {
  const hash = await hashToken(value);
  try {
    return await ensureHashed(deps, hash, name);
  } catch (error) {
    if (!isHashTaken(error)) throw error;
    return ensureHashed(deps, hash, name);
  }
}

/** Two statements: the token looked for by its hash, then the plan. */
function ensureHashed(deps: TokenDeps, hash: string, name: string): Promise<ApiToken> {
  return deps.store.transaction(async (tx) => {
    const { token } = await tx.load(tokenOfHash, { hash });
    const planned = planEnsureToken(token, name, hash, deps.clock.now());
    return (await tx.write(planned.plan, { commit: true })).row(planned.token);
  });
}
