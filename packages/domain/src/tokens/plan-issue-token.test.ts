import { describe, expect, it } from 'vitest';
import type { ApiToken } from '../records';
import { planIssueToken } from './plan-issue-token';

const input = { name: 'ci', permissions: ['manage_data' as const, 'create_draft_revisions' as const], readOnly: false, value: 'the-secret' };
const now = new Date('2024-05-06T07:08:09.123Z');

describe('planIssueToken', () => {
  it('plans one insert of the hash and the permissions as text, live, and never the token itself', () => {
    const { plan, token } = planIssueToken(input, 'abc', null, now);
    expect(plan.steps).toEqual([
      {
        kind: 'insert',
        table: 'api_token',
        values: { name: 'ci', token_hash: 'abc', permissions: 'create_draft_revisions manage_data', read_only: false, created_at: now, revoked_at: null },
        name: 'token',
      },
    ]);
    expect(plan.steps[0]).toBe(token);
    expect(JSON.stringify(plan)).not.toContain('the-secret');
  });

  it('stores a read-only token as read-only', () => {
    expect(planIssueToken({ ...input, readOnly: true }, 'abc', null, now).token.values).toMatchObject({ read_only: true });
  });

  it('refuses a name a live token has, naming no secret', () => {
    const namesake: ApiToken = { id: 1, name: 'ci', token_hash: 'x', permissions: '', read_only: false, created_at: new Date(0), revoked_at: null };
    expect(() => planIssueToken(input, 'abc', namesake, now)).toThrow(
      expect.objectContaining({ code: 'invalid', messages: ['Name has already been taken'] }),
    );
  });
});
