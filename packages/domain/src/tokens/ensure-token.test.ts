import { describe, expect, it } from 'vitest';
import { createFakeStore } from '../test';
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
});
