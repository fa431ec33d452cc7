import { describe, expect, it } from 'vitest';
import { eventPayload } from '../event-payload.test-helper';
import type { ApiToken } from '../records';
import { planEnsureToken } from './plan-ensure-token';

const every = 'create_draft_revisions edit_released_revisions manage_data view_inventory';
const now = new Date('2024-05-06T07:08:09.123Z');

describe('planEnsureToken', () => {
  it('plans one insert of a missing token with every permission, free to write, and its token.issued by the server without its hash', () => {
    const { plan, token } = planEnsureToken(null, 'bootstrap', 'abc', now);
    expect(plan.steps[0]).toEqual({
      kind: 'insert',
      table: 'api_token',
      values: { name: 'bootstrap', token_hash: 'abc', permissions: every, read_only: false, revoked_at: null, created_at: now },
      name: 'token',
    });
    expect(plan.steps[0]).toBe(token);
    expect(plan.steps).toHaveLength(2);
    expect(plan.steps[1]).toMatchObject({ table: 'event', values: { type: 'token.issued', collection: 'token', record_id: { $inserted: 'token' }, token_name: 'server' } });
    expect(eventPayload(plan.steps[1])).toEqual({ name: 'bootstrap', permissions: every, read_only: false, revoked_at: null, created_at: now.toISOString() });
  });

  it('gives a token there is every permission back, makes it read-write and unrevokes it, keeping its name, as token.updated', () => {
    const existing: ApiToken = {
      id: 3,
      name: 'old',
      token_hash: 'abc',
      permissions: 'view_inventory',
      read_only: true,
      created_at: new Date(0),
      revoked_at: new Date(1),
    };
    const { plan, token } = planEnsureToken(existing, 'bootstrap', 'abc', now);
    expect(plan.steps[0]).toEqual({ kind: 'update', table: 'api_token', id: 3, patch: { permissions: every, read_only: false, revoked_at: null } });
    expect(plan.steps[0]).toBe(token);
    expect(plan.steps[1]).toMatchObject({ table: 'event', values: { type: 'token.updated', record_id: 3, token_name: 'server' } });
  });

  it('writes no event for a token that holds it all already, as at each restart', () => {
    const existing: ApiToken = { id: 3, name: 'bootstrap', token_hash: 'abc', permissions: every, read_only: false, created_at: new Date(0), revoked_at: null };
    expect(planEnsureToken(existing, 'bootstrap', 'abc', now).plan.steps.map((step) => step.table)).toEqual(['api_token']);
  });
});
