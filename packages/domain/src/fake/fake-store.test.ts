import { describe, expect, it } from 'vitest';
import { createFakeStore, fakeContext } from '../test';

const stamps = { created_at: new Date(0), updated_at: new Date(0) };
const unit = (name: string) => ({ name, description: null, allow_fractional: true, ...stamps });

describe('createFakeStore', () => {
  it('counts the transactions the code under test starts, not its own reads', async () => {
    const store = createFakeStore();
    await store.transaction((tx) => tx.repo('unit').insert(unit('each')));
    await store.transaction((tx) => tx.repo('unit').count());
    expect((await store.rows('unit')).map((u) => u.name)).toEqual(['each']);
    expect(store.transactions).toBe(2);
  });

  it('records each locked read by id or by condition, and no plain read', async () => {
    const store = createFakeStore();
    await store.transaction(async (tx) => {
      await tx.repo('unit').insert(unit('each'));
      await tx.repo('unit').get(1, { lock: true });
      await tx.repo('unit').get(1);
      await tx.repo('unit').find({ name: 'each' }, { lock: true });
      await tx.repo('unit').findOne({ name: 'pair' }, { lock: true });
    });
    expect(store.locked).toEqual([
      { table: 'unit', id: 1 },
      { table: 'unit', where: { name: 'each' } },
      { table: 'unit', where: { name: 'pair' } },
    ]);
  });

  it('fails the next matching write once, and the transaction leaves nothing behind', async () => {
    const store = createFakeStore();
    const failure = new Error('disk full');
    store.failNextWrite(failure, { table: 'unit', kind: 'update' });
    const work = store.transaction(async (tx) => {
      await tx.repo('unit').insert(unit('each'));
      await tx.repo('manufacturer').update(1, { name: 'untouched' });
      await tx.repo('unit').update(1, { name: 'pair' });
    });
    await expect(work).rejects.toBe(failure);
    expect(await store.rows('unit')).toEqual([]);
    await store.transaction(async (tx) => tx.repo('unit').update((await tx.repo('unit').insert(unit('each'))).id, { name: 'pair' }));
    expect((await store.rows('unit')).map((u) => u.name)).toEqual(['pair']);
  });

  it('commits a transaction beside an open one at once, and keeps it when ours rolls back', async () => {
    const store = createFakeStore();
    store.beforeNextWrite(async () => {
      await store.transactionBeside((tx) => tx.repo('unit').insert(unit('rival')));
    });
    const ours = store.transaction(async (tx) => {
      await tx.repo('unit').insert(unit('rival'));
    });
    await expect(ours).rejects.toThrow('Name has already been taken');
    expect((await store.rows('unit')).map((u) => u.name)).toEqual(['rival']);
    expect(store.transactions).toBe(1);
  });
});

describe('fakeContext', () => {
  it('runs as a caller with the permissions given, at a fixed instant', () => {
    const ctx = fakeContext({ permissions: ['view_inventory'], now: new Date('2030-01-01T00:00:00Z') });
    expect([...ctx.actor.permissions]).toEqual(['view_inventory']);
    expect(ctx.clock.now()).toEqual(new Date('2030-01-01T00:00:00Z'));
    expect(fakeContext().actor.permissions.size).toBe(4);
    expect(fakeContext().clock.now()).toEqual(new Date('2025-01-01T00:00:00Z'));
    expect(fakeContext().site).toEqual({ currency: 'USD' });
  });
});
