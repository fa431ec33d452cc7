import { describe, expect, it } from 'vitest';
import type { ApiToken } from '../records';
import { planIssueToken } from './plan-issue-token';

const input = { name: 'ci', permissions: ['manage_data' as const, 'create_draft_revisions' as const], readOnly: false, value: undefined };

describe('planIssueToken', () => {
  it('stores the hash and the permissions as text, live', () => {
    expect(planIssueToken(input, 'abc', null)).toEqual({
      name: 'ci',
      token_hash: 'abc',
      permissions: 'create_draft_revisions manage_data',
      read_only: false,
      revoked_at: null,
    });
  });

  it('stores a read-only token as read-only', () => {
    expect(planIssueToken({ ...input, readOnly: true }, 'abc', null)).toMatchObject({ read_only: true });
  });

  it('refuses a name a live token has', () => {
    const namesake: ApiToken = { id: 1, name: 'ci', token_hash: 'x', permissions: '', read_only: false, created_at: new Date(0), revoked_at: null };
    expect(() => planIssueToken(input, 'abc', namesake)).toThrow(
      expect.objectContaining({ code: 'invalid', messages: ['Name has already been taken'] }),
    );
  });
});
