import { describe, expect, it } from 'vitest';
import type { ApiToken } from '../records';
import { planUpdateToken, type UpdateTokenPlan } from './plan-update-token';
import type { UpdateTokenInput } from './update-token-input';

const token = (id: number, name: string, permissions: string, more: Partial<ApiToken> = {}): ApiToken => ({
  id,
  name,
  token_hash: `hash-${id}`,
  permissions,
  read_only: false,
  created_at: new Date(0),
  revoked_at: null,
  ...more,
});
const input = (more: Partial<UpdateTokenInput>): UpdateTokenInput => ({ nameOrId: 'ops', add: [], remove: [], readOnly: undefined, ...more });
/** The patch of the plan's one update; null when there is no plan. */
const patchOf = (planned: UpdateTokenPlan) => {
  if (!planned.plan) return null;
  expect(planned.plan.steps).toEqual([planned.update]);
  return planned.update.patch;
};

describe('planUpdateToken', () => {
  it('plans one update of the token, its permissions added and removed and kept sorted as a token stores them', () => {
    const ops = token(3, 'ops', 'manage_data view_inventory');
    const planned = planUpdateToken(input({ add: ['create_draft_revisions'], remove: ['view_inventory'] }), [ops]);
    expect(planned.token).toBe(ops);
    expect(planned.plan?.steps).toEqual([
      { kind: 'update', table: 'api_token', id: 3, patch: { permissions: 'create_draft_revisions manage_data', read_only: false } },
    ]);
    expect(patchOf(planUpdateToken(input({ remove: ['manage_data', 'view_inventory'] }), [ops]))).toEqual({ permissions: '', read_only: false });
  });

  it('sets the scope asked for and keeps it otherwise', () => {
    const ops = token(3, 'ops', 'manage_data');
    expect(patchOf(planUpdateToken(input({ readOnly: true }), [ops]))).toEqual({ permissions: 'manage_data', read_only: true });
    const reader = token(4, 'ops', 'manage_data', { read_only: true });
    expect(patchOf(planUpdateToken(input({ readOnly: false }), [reader]))).toEqual({ permissions: 'manage_data', read_only: false });
    expect(patchOf(planUpdateToken(input({ add: ['view_inventory'] }), [reader]))).toEqual({ permissions: 'manage_data view_inventory', read_only: true });
  });

  it('writes nothing when the token already is as asked', () => {
    const ops = token(3, 'ops', 'manage_data', { read_only: true });
    expect(planUpdateToken(input({ add: ['manage_data'], remove: ['view_inventory'], readOnly: true }), [ops])).toEqual({ token: ops, plan: null });
  });

  it('finds a live token by name first, then by id; a revoked one of that name is left alone', () => {
    const old = token(1, 'ops', '', { revoked_at: new Date(0) });
    const ops = token(2, 'ops', '');
    const digits = token(5, '2', '');
    expect(planUpdateToken(input({ add: ['manage_data'] }), [old, ops]).token).toBe(ops);
    expect(planUpdateToken(input({ nameOrId: '2', add: ['manage_data'] }), [ops, digits]).token).toBe(digits);
    expect(planUpdateToken(input({ nameOrId: '2', add: ['manage_data'] }), [ops]).token).toBe(ops);
  });

  it('refuses a name or id no token has (404) and a revoked token (422)', () => {
    expect(() => planUpdateToken(input({ add: ['manage_data'] }), [])).toThrow(
      expect.objectContaining({ code: 'not_found', messages: ['No live token is named or numbered "ops"'] }),
    );
    expect(() => planUpdateToken(input({ add: ['manage_data'] }), [token(1, 'ops', '', { revoked_at: new Date(0) })])).toThrow(
      expect.objectContaining({ code: 'unprocessable', messages: ['Token "ops" is revoked and cannot be changed; issue a new one'] }),
    );
  });

  it("refuses the bootstrap token, whose permissions each start gives back", () => {
    const bootstrap = token(1, 'bootstrap', 'create_draft_revisions edit_released_revisions manage_data view_inventory');
    expect(() => planUpdateToken(input({ nameOrId: '1', remove: ['manage_data'] }), [bootstrap])).toThrow(
      expect.objectContaining({ code: 'unprocessable', messages: [expect.stringMatching(/^Token "bootstrap" is BOOTSTRAP_TOKEN's: each start/)] }),
    );
  });
});
