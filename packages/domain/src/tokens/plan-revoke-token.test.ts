import { describe, expect, it } from 'vitest';
import type { ApiToken } from '../records';
import { planRevokeToken } from './plan-revoke-token';

const token = (id: number, name: string): ApiToken => ({
  id,
  name,
  token_hash: `h${id}`,
  permissions: '',
  read_only: false,
  created_at: new Date(0),
  revoked_at: null,
});
const now = new Date('2024-05-06T07:08:09.123Z');
const revokedIds = (live: readonly ApiToken[], nameOrId: string) => planRevokeToken(live, nameOrId, now).steps.map((step) => (step.kind === 'update' ? step.id : null));

describe('planRevokeToken', () => {
  const live = [token(1, 'ci'), token(2, '1'), token(3, 'ops')];

  it('revokes each token named, if it is still live when written', () => {
    expect(planRevokeToken(live, 'ops', now).steps).toEqual([
      { kind: 'update', table: 'api_token', id: 3, patch: { revoked_at: now }, expected: { revoked_at: null } },
    ]);
  });

  it('names tokens by name or by id', () => {
    expect(revokedIds(live, 'ops')).toEqual([3]);
    expect(revokedIds(live, '3')).toEqual([3]);
    // A name that is also an id names both.
    expect(revokedIds(live, '1')).toEqual([1, 2]);
  });

  it('plans nothing for a name or id no live token has', () => {
    expect(planRevokeToken(live, 'nobody', now).steps).toEqual([]);
    expect(planRevokeToken(live, '03', now).steps).toEqual([]);
  });
});
