import { describe, expect, it } from 'vitest';
import { callerContext } from './context';
import { permissions, type Principal } from './permissions';
import { manufacturerResource } from './reference/manufacturer';
import { createRecord } from './reference/engine/create-record';
import { parseRecord } from './reference/engine/record-input';
import { deleteRecord } from './reference/engine/delete-record';
import { showRecord } from './reference/engine/show-record';
import { fakeContext } from './test';

const caller = (readOnly: boolean): Principal => ({ tokenId: 7, name: 'caller', permissions: new Set(permissions), readOnly });

describe('callerContext', () => {
  it('hands a read-write caller the store itself', () => {
    const base = fakeContext();
    expect(callerContext(base, caller(false)).store).toBe(base.store);
  });

  it('refuses every transaction of a read-only caller with 403, before its work runs', async () => {
    const base = fakeContext();
    const ctx = callerContext(base, caller(true));
    let ran = false;
    const refused = ctx.store.transaction(async () => {
      ran = true;
    });
    await expect(refused).rejects.toMatchObject({ code: 'forbidden', messages: ['This token is read-only: it cannot change data'] });
    expect(ran).toBe(false);
    expect(base.store.transactions).toBe(0);
  });

  it('lets a read-only caller read, and refuses its changes with every permission granted, writing nothing', async () => {
    const base = fakeContext();
    const created = await createRecord(base, manufacturerResource, parseRecord(manufacturerResource, { name: 'Kept' }));
    const ctx = callerContext(base, caller(true));
    expect((await showRecord(ctx, manufacturerResource, created.row.id)).row.name).toBe('Kept');
    await expect(createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name: 'New' }))).rejects.toMatchObject({ code: 'forbidden' });
    await expect(deleteRecord(ctx, manufacturerResource, created.row.id)).rejects.toMatchObject({ code: 'forbidden' });
    expect(base.store.transactions).toBe(1);
    expect((await base.store.rows('manufacturer')).map((m) => m.name)).toEqual(['Kept']);
  });
});
