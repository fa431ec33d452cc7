import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../test';
import { createPart } from '../../views/part-writes';
import { parseCreatePart } from '../create-part/create-part-input';
import { partBody, partSetting } from '../../scenarios/part-setting.test-helper';
import { listParts } from './list-parts';

async function collect<T>(batches: AsyncIterable<T[]>): Promise<T[][]> {
  const seen: T[][] = [];
  for await (const batch of batches) seen.push(batch);
  return seen;
}

describe('listParts', () => {
  it('streams every part in batches, each with its active revision, each batch its own read', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    for (let i = 1; i <= 3; i++) await createPart(ctx, parseCreatePart(partBody(setting, { manufacturer_pn: `P${i}` })));
    const before = { reads: ctx.store.reads, transactions: ctx.store.transactions };
    const list = await listParts(ctx, {}, 2);
    const batches = await collect(list.batches);
    const named = batches.map((batch) => batch.map((item) => `${item.part.manufacturer_pn}:${item.activeRevision?.revision.revision_name}`));
    expect(named).toEqual([
      ['P1:A', 'P2:A'],
      ['P3:A'],
    ]);
    expect(list.pagination).toBeNull();
    expect(ctx.store.reads - before.reads).toBe(2);
    expect(ctx.store.transactions).toBe(before.transactions);
  });

  it('reads a page with its pagination; past the end, none', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    for (let i = 1; i <= 3; i++) await createPart(ctx, parseCreatePart(partBody(setting, { manufacturer_pn: `P${i}` })));
    const second = await listParts(ctx, { page: '2', per_page: '2' });
    expect((await collect(second.batches)).flat().map((item) => item.part.manufacturer_pn)).toEqual(['P3']);
    expect(second.pagination).toMatchObject({ total_entries: 3, total_pages: 2, previous_page: 1, next_page: null });
    const beyond = await listParts(ctx, { page: '3', per_page: '2' });
    expect((await collect(beyond.batches)).flat()).toEqual([]);
    expect(beyond.pagination?.out_of_range).toBe(true);
  });

  it('keeps parts updated at or after the filter instant', async () => {
    const early = fakeContext({ now: new Date('2025-01-01T00:00:00Z') });
    const setting = await partSetting(early);
    await createPart(early, parseCreatePart(partBody(setting, { manufacturer_pn: 'OLD' })));
    const late = fakeContext({ store: early.store, now: new Date('2025-06-01T00:00:00Z') });
    await createPart(late, parseCreatePart(partBody(setting, { manufacturer_pn: 'NEW' })));
    const filter = { updated_on: { gte: '2025-03-01T00:00:00+00:00' } };
    const found = (await collect((await listParts(late, { filter })).batches)).flat();
    expect(found.map((item) => item.part.manufacturer_pn)).toEqual(['NEW']);
  });
});
