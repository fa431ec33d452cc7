import {
  createPart, parseCreatePart,
  createRecord, parseRecord,
  manufacturerResource,
  parttypeResource,
  unitResource,
  ensureToken,
  listParts,
  principalOf,
  systemClock,
  type Context,
  type Store,
  type TableName,
  type ReadTx,
  type Tx,
} from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { describe, expect, it } from 'vitest';

/** A store that counts, per read or transaction, the finds of each table and the plans loaded. */
function countingStore(inner: Store) {
  const reads: Array<Partial<Record<TableName | 'plans', number>>> = [];
  function counted<T extends ReadTx>(tx: T): T {
    const counts: Partial<Record<TableName | 'plans', number>> = {};
    reads.push(counts);
    const bump = (key: TableName | 'plans') => void (counts[key] = (counts[key] ?? 0) + 1);
    return {
      ...tx,
      load: (plan, args) => (bump('plans'), tx.load(plan, args)),
      repo: (table: TableName) => {
        const repo = tx.repo(table);
        return { ...repo, find: (...args: Parameters<typeof repo.find>) => (bump(table), repo.find(...args)), get: (...args: Parameters<typeof repo.get>) => (bump(table), repo.get(...args)) };
      },
    } as T;
  }
  const store: Store = {
    description: inner.description,
    ping: () => inner.ping(),
    close: () => inner.close(),
    transaction: (work) => inner.transaction((tx: Tx) => work(counted(tx))),
    read: (work) => inner.read((tx) => work(counted(tx))),
  };
  return { store, reads };
}

async function setUp(parts: number) {
  const { store, reads } = countingStore(createMemoryStore());
  const actor = principalOf(await ensureToken({ store, clock: systemClock }, 'secret', 'test'));
  const ctx: Context = { store, clock: systemClock, actor, site: { currency: 'USD' } };
  const ids = {
    manufacturer_id: String((await createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name: 'M' }))).row.id),
    parttype_id: String((await createRecord(ctx, parttypeResource, parseRecord(parttypeResource, { name: 'T' }))).row.id),
    unit_id: String((await createRecord(ctx, unitResource, parseRecord(unitResource, { name: 'U' }))).row.id),
  };
  for (let i = 1; i <= parts; i++) {
    await createPart(ctx, parseCreatePart({ manufacturer_pn: `P${i}`, ...ids, revision: { revision_name: 'A', x_n: String(i) } }));
  }
  reads.length = 0;
  return { ctx, reads };
}

// Lives beside the list route that relies on it: the domain cannot import a store for its own tests.
describe('listParts without a page', () => {
  it('streams every part once, in id order, each batch with its active revision and attributes', async () => {
    const { ctx } = await setUp(5);
    const seen: string[][] = [];
    const list = await listParts(ctx, {}, 2);
    expect(list.pagination).toBeNull();
    for await (const batch of list.batches) {
      seen.push(batch.map((item) => `${item.part.manufacturer_pn}:${item.activeRevision?.attributes[0]?.value}`));
    }
    expect(seen).toEqual([['P1:1', 'P2:2'], ['P3:3', 'P4:4'], ['P5:5']]);
  });

  it('reads related groups once per batch, never once per part', async () => {
    const { ctx, reads } = await setUp(6);
    for await (const batch of (await listParts(ctx, {}, 3)).batches) void batch;
    // Two full batches, then the empty read that ends the list: one plan each, no other read.
    expect(reads).toEqual([{ plans: 1 }, { plans: 1 }, { plans: 1 }]);
  });

  it('reads one page in one plan', async () => {
    const { ctx, reads } = await setUp(4);
    const list = await listParts(ctx, { page: '2', per_page: '3' });
    const items = [];
    for await (const batch of list.batches) items.push(...batch.map((item) => item.part.manufacturer_pn));
    expect(items).toEqual(['P4']);
    expect(list.pagination).toMatchObject({ total_entries: 4, total_pages: 2, current_page: 2, last_page: true });
    expect(reads).toEqual([{ plans: 1 }]);
  });
});
