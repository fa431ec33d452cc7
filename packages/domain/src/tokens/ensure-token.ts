import type { ApiToken } from '../records';
import { planEnsureToken } from './plan-ensure-token';
import type { TokenDeps } from './token-deps';
import { hashToken } from './token-secret';

/** Makes sure `value` is a live token with every permission (the bootstrap token). */
export async function ensureToken(deps: TokenDeps, value: string, name: string): Promise<ApiToken> {
  const hash = await hashToken(value);
  return deps.store.transaction(async (tx) => {
    const repo = tx.repo('api_token');
    const plan = planEnsureToken(await repo.findOne({ token_hash: hash }), name, hash);
    if (plan.kind === 'insert') return repo.insert({ ...plan.token, created_at: deps.clock.now() });
    return (await repo.update(plan.token.id, plan.patch)) ?? plan.token;
  });
}
