import type { ApiToken } from '../records';
import type { TokenDeps } from './token-deps';

/** Every token, revoked ones included, in id order. */
export async function listTokens(deps: TokenDeps): Promise<ApiToken[]> {
  return deps.store.read((tx) => tx.repo('api_token').find());
}

/** True when at least one token can call the API (the server says how to make one otherwise). */
export async function hasLiveToken(deps: TokenDeps): Promise<boolean> {
  return deps.store.read(async (tx) => (await tx.repo('api_token').findOne({ revoked_at: null })) !== null);
}
