import { withEvents } from '../events';
import { tokenEvent } from './token-events';
import { one, param } from '../read-plan';
import type { ApiToken } from '../records';
import type { IssueTokenInput } from './issue-token-input';
import { planIssueToken } from './plan-issue-token';
import type { TokenDeps } from './token-deps';
import { hashToken, randomToken } from './token-secret';

export interface IssuedToken {
  token: string;
  record: ApiToken;
}

/** The live token named as the one to issue, if any. */
const liveNamesake = { namesake: one('api_token', { name: param('name'), revoked_at: null }) };

/**
 * Issues a token (random unless `value` is given) with exactly `permissions`; `input` parsed by
 * `parseIssueToken`. Two statements: the live namesake looked for, then the plan.
 */
export async function issueToken(deps: TokenDeps, input: IssueTokenInput): Promise<IssuedToken> {
  const token = input.value ?? randomToken();
  const tokenHash = await hashToken(token);
  const record = await deps.store.transaction(async (tx) => {
    const { namesake } = await tx.load(liveNamesake, { name: input.name });
    const planned = planIssueToken(input, tokenHash, namesake, deps.clock.now());
    const event = tokenEvent(deps.clock.now(), 'issued', planned.token);
    return (await tx.write(withEvents(planned.plan, [event]), { commit: true })).row(planned.token);
  });
  return { token, record };
}
