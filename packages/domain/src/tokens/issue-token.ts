import type { ApiToken } from '../records';
import type { IssueTokenInput } from './issue-token-input';
import { planIssueToken } from './plan-issue-token';
import type { TokenDeps } from './token-deps';
import { hashToken, randomToken } from './token-secret';

export interface IssuedToken {
  token: string;
  record: ApiToken;
}

/** Issues a token (random unless `value` is given) with exactly `permissions`; `input` parsed by `parseIssueToken`. */
export async function issueToken(deps: TokenDeps, input: IssueTokenInput): Promise<IssuedToken> {
  const token = input.value ?? randomToken();
  const tokenHash = await hashToken(token);
  const record = await deps.store.transaction(async (tx) => {
    const repo = tx.repo('api_token');
    const toStore = planIssueToken(input, tokenHash, await repo.findOne({ name: input.name, revoked_at: null }));
    return repo.insert({ ...toStore, created_at: deps.clock.now() });
  });
  return { token, record };
}
