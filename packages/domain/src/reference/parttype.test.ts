import { describe, expect, it } from 'vitest';
import { fakeContext, type FakeContext } from '../test';
import { createRecord } from './engine/create-record';
import { parseRecord } from './engine/record-input';
import { updateRecord } from './engine/update-record';
import { parseRecordChanges } from './engine/record-input';
import { parttypeResource } from './parttype';

/** Part types made the way requests make them, in order: ids 1, 2, … */
async function parttypes(ctx: FakeContext, ...rows: Array<{ name: string; parent_id?: string }>) {
  for (const row of rows) await createRecord(ctx, parttypeResource, parseRecord(parttypeResource, row));
}

describe('parttype parents', () => {
  it('locks every ancestor it reads, so concurrent opposite moves serialise', async () => {
    const ctx = fakeContext();
    await parttypes(ctx, { name: 'root' }, { name: 'middle', parent_id: '1' }, { name: 'leaf' });
    const before = ctx.store.locked.length;
    await updateRecord(ctx, parttypeResource, 3, parseRecordChanges(parttypeResource, { parent_id: '2' }));
    // The record with the update's one read, then its new ancestors one by one.
    expect(ctx.store.locked.slice(before)).toEqual([
      { table: 'parttype', where: { id: 3 } },
      { table: 'parttype', id: 2 },
      { table: 'parttype', id: 1 },
    ]);
    expect((await ctx.store.rows('parttype')).map((p) => p.parent_id)).toEqual([null, 1, 2]);
  });

  it('refuses a loop, and changes nothing', async () => {
    const ctx = fakeContext();
    await parttypes(ctx, { name: 'root' }, { name: 'child', parent_id: '1' });
    const before = await ctx.store.rows('parttype');
    await expect(updateRecord(ctx, parttypeResource, 1, parseRecordChanges(parttypeResource, { parent_id: '2' }))).rejects.toThrow(/descendants/);
    expect(await ctx.store.rows('parttype')).toEqual(before);
  });
});
