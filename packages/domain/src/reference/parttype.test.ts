import { describe, expect, it } from 'vitest';
import { updateRecord } from './engine/update-record';
import { fakeContext } from '../testing/context';
import { parttypeResource } from './parttype';

describe('parttype parents', () => {
  it('locks every ancestor it reads, so concurrent opposite moves serialise', async () => {
    const ctx = fakeContext();
    ctx.store.rows.set('parttype', [
      { id: 1, name: 'root', parent_id: null },
      { id: 2, name: 'middle', parent_id: 1 },
      { id: 3, name: 'leaf', parent_id: null },
    ]);
    await updateRecord(ctx, parttypeResource, 3, { parent_id: '2' });
    const locked = ctx.store.gets.filter((g) => g.lock && g.id !== 3);
    expect(locked.map((g) => g.id)).toEqual([2, 1]);
  });

  it('refuses a loop', async () => {
    const ctx = fakeContext();
    ctx.store.rows.set('parttype', [
      { id: 1, name: 'root', parent_id: null },
      { id: 2, name: 'child', parent_id: 1 },
    ]);
    await expect(updateRecord(ctx, parttypeResource, 1, { parent_id: '2' })).rejects.toThrow(/descendants/);
  });
});
