import { describe, expect, it } from 'vitest';
import type { ApiToken } from '../records';
import { planEnsureToken } from './plan-ensure-token';

const every = 'create_draft_revisions edit_released_revisions manage_data view_inventory';

describe('planEnsureToken', () => {
  it('stores a missing token with every permission, free to write', () => {
    expect(planEnsureToken(null, 'bootstrap', 'abc')).toEqual({
      kind: 'insert',
      token: { name: 'bootstrap', token_hash: 'abc', permissions: every, read_only: false, revoked_at: null },
    });
  });

  it('gives a token there is every permission back, makes it read-write and unrevokes it, keeping its name', () => {
    const existing: ApiToken = {
      id: 3,
      name: 'old',
      token_hash: 'abc',
      permissions: 'view_inventory',
      read_only: true,
      created_at: new Date(0),
      revoked_at: new Date(1),
    };
    expect(planEnsureToken(existing, 'bootstrap', 'abc')).toEqual({
      kind: 'update',
      token: existing,
      patch: { permissions: every, read_only: false, revoked_at: null },
    });
  });
});
