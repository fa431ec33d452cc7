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

describe('planRevokeToken', () => {
  const live = [token(1, 'ci'), token(2, '1'), token(3, 'ops')];

  it('names tokens by name or by id', () => {
    expect(planRevokeToken(live, 'ops').map((t) => t.id)).toEqual([3]);
    expect(planRevokeToken(live, '3').map((t) => t.id)).toEqual([3]);
    // A name that is also an id names both.
    expect(planRevokeToken(live, '1').map((t) => t.id)).toEqual([1, 2]);
  });

  it('names nothing for a name or id no live token has', () => {
    expect(planRevokeToken(live, 'nobody')).toEqual([]);
    expect(planRevokeToken(live, '03')).toEqual([]);
  });
});
