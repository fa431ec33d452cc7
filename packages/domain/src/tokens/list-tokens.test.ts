import { describe, expect, it } from 'vitest';
import { createFakeStore } from '../test';
import { issueToken } from './issue-token';
import { parseIssueToken } from './issue-token-input';
import { hasLiveToken, listTokens } from './list-tokens';
import { revokeToken } from './revoke-token';

const deps = () => ({ store: createFakeStore(), clock: { now: () => new Date(0) } });

describe('hasLiveToken', () => {
  it('is false until a token is issued, and again once every token is revoked', async () => {
    const d = deps();
    expect(await hasLiveToken(d)).toBe(false);
    await issueToken(d, parseIssueToken({ name: 'ci', permissions: [] }));
    expect(await hasLiveToken(d)).toBe(true);
    await revokeToken(d, 'ci');
    expect(await hasLiveToken(d)).toBe(false);
  });
});

describe('listTokens', () => {
  it('lists revoked tokens too', async () => {
    const d = deps();
    await issueToken(d, parseIssueToken({ name: 'ci', permissions: [] }));
    await issueToken(d, parseIssueToken({ name: 'ops', permissions: [] }));
    await revokeToken(d, 'ci');
    expect((await listTokens(d)).map((t) => [t.name, t.revoked_at])).toEqual([
      ['ci', new Date(0)],
      ['ops', null],
    ]);
  });
});
