import { describe, expect, it } from 'vitest';
import { createFakeStore } from '../test';
import { hashToken } from './token-secret';
import { authenticate } from './authenticate';
import { ensureToken } from './ensure-token';
import { revokeToken } from './revoke-token';

const deps = () => ({ store: createFakeStore(), clock: { now: () => new Date(0) } });

describe('ensureToken', () => {
  it('makes a live token of the value, and makes it live again once revoked', async () => {
    const d = deps();
    const first = await ensureToken(d, 'secret', 'bootstrap');
    expect(await revokeToken(d, 'bootstrap')).toBe(1);
    await expect(authenticate(d, 'secret')).rejects.toMatchObject({ code: 'unauthorized' });
    const again = await ensureToken(d, 'secret', 'bootstrap');
    expect(again).toMatchObject({ id: first.id, revoked_at: null });
    expect((await authenticate(d, 'secret')).permissions.size).toBe(4);
  });

  it('makes sure of the token another process inserted between its look-up and its insert', async () => {
    const d = deps();
    const hash = await hashToken('secret');
    d.store.beforeNextWrite(async () => {
      await d.store.transactionBeside((tx) =>
        tx.repo('api_token').insert({ name: 'rival', token_hash: hash, permissions: '', read_only: true, created_at: new Date(0), revoked_at: null }),
      );
    }, { table: 'api_token', kind: 'insert' });
    const ensured = await ensureToken(d, 'secret', 'bootstrap');
    expect(ensured).toMatchObject({ name: 'rival', read_only: false, revoked_at: null });
    expect((await authenticate(d, 'secret')).permissions.size).toBe(4);
    expect(await d.store.rows('api_token')).toHaveLength(1);
  });
});
