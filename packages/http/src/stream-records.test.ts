import { ensureToken, principalOf, streamRecords, systemClock, unitResource, createRecord, parseRecord } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { describe, expect, it } from 'vitest';

// Lives beside the list route that relies on it: the domain cannot import a store for its own tests.
describe('streamRecords', () => {
  it('reads every record once, in id order, across batch boundaries, with related data', async () => {
    const store = createMemoryStore();
    const actor = principalOf(await ensureToken({ store, clock: systemClock }, 'secret', 'test'));
    const ctx = { store, clock: systemClock, actor, site: { currency: 'USD' } };
    for (let i = 1; i <= 5; i++) await createRecord(ctx, unitResource, parseRecord(unitResource, { name: `u${i}` }));

    const seen: string[][] = [];
    for await (const batch of await streamRecords(ctx, unitResource, { batchSize: 2 })) {
      seen.push(batch.map((shown) => `${shown.row.name}:${shown.related.conversions.length}`));
    }
    expect(seen).toEqual([['u1:0', 'u2:0'], ['u3:0', 'u4:0'], ['u5:0']]);
  });

  it('ends after a full last batch with one empty read, and yields nothing for an empty table', async () => {
    const store = createMemoryStore();
    const actor = principalOf(await ensureToken({ store, clock: systemClock }, 'secret', 'test'));
    const ctx = { store, clock: systemClock, actor, site: { currency: 'USD' } };
    const none: unknown[] = [];
    for await (const batch of await streamRecords(ctx, unitResource, { batchSize: 2 })) none.push(batch);
    expect(none).toEqual([]);

    for (let i = 1; i <= 4; i++) await createRecord(ctx, unitResource, parseRecord(unitResource, { name: `u${i}` }));
    const sizes: number[] = [];
    for await (const batch of await streamRecords(ctx, unitResource, { batchSize: 2 })) sizes.push(batch.length);
    expect(sizes).toEqual([2, 2]);
  });

  it('reads only the columns a list names (and the id it pages by), without related data', async () => {
    const store = createMemoryStore();
    const actor = principalOf(await ensureToken({ store, clock: systemClock }, 'secret', 'test'));
    const ctx = { store, clock: systemClock, actor, site: { currency: 'USD' } };
    for (let i = 1; i <= 3; i++) await createRecord(ctx, unitResource, parseRecord(unitResource, { name: `u${i}`, description: `d${i}` }));

    const seen: unknown[][] = [];
    for await (const batch of await streamRecords(ctx, unitResource, { columns: ['name'], batchSize: 2 })) seen.push(batch);
    expect(seen).toEqual([
      [{ row: { name: 'u1', id: 1 } }, { row: { name: 'u2', id: 2 } }],
      [{ row: { name: 'u3', id: 3 } }],
    ]);
  });
});
