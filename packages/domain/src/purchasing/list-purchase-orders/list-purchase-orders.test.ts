import { describe, expect, it } from 'vitest';
import { fakeContext, type FakeContext } from '../../test';
import { listPurchaseOrders } from './list-purchase-orders';

async function collect<T>(batches: AsyncIterable<T[]>): Promise<T[][]> {
  const seen: T[][] = [];
  for await (const batch of batches) seen.push(batch);
  return seen;
}

async function seed(ctx: FakeContext, orders: ReadonlyArray<readonly [string, string, string]>) {
  const vendor = await ctx.store.transaction((tx) => tx.repo('vendor').insert({ name: 'Digi-Key', created_at: new Date(), updated_at: new Date() } as never));
  await ctx.store.transaction(async (tx) => {
    for (const [number, status, created] of orders) {
      const at = new Date(created);
      await tx.repo('purchase_order').insert({ number, status, vendor_id: vendor.id, currency: 'USD', created_on: at, updated_at: at } as never);
    }
  });
}

const numbers = (batches: ReadonlyArray<ReadonlyArray<{ number: string }>>) => batches.map((batch) => batch.map((order) => order.number));

describe('listPurchaseOrders', () => {
  it('streams every order newest first, ties by the later id, a batch per read', async () => {
    const ctx = fakeContext();
    await seed(ctx, [
      ['PO-1', 'open', '2026-03-01T10:00:00Z'],
      ['PO-2', 'draft', '2026-03-03T10:00:00Z'],
      ['PO-3', 'open', '2026-03-02T10:00:00Z'],
      ['PO-4', 'closed', '2026-03-02T10:00:00Z'],
      ['PO-5', 'open', '2026-03-04T10:00:00Z'],
    ]);
    const list = await listPurchaseOrders(ctx, {}, 2);
    expect(list.pagination).toBeNull();
    expect(numbers(await collect(list.batches))).toEqual([['PO-5', 'PO-2'], ['PO-4', 'PO-3'], ['PO-1']]);
  });

  it('filters by status and by days, both days included, the batches keeping the bounds', async () => {
    const ctx = fakeContext();
    await seed(ctx, [
      ['BEFORE', 'open', '2026-02-28T23:59:59Z'],
      ['FIRST', 'open', '2026-03-01T00:00:00Z'],
      ['MIDDLE', 'closed', '2026-03-02T12:00:00Z'],
      ['MIDDLE-2', 'open', '2026-03-02T13:00:00Z'],
      ['LAST', 'open', '2026-03-03T23:59:59Z'],
      ['AFTER', 'open', '2026-03-04T00:00:00Z'],
    ]);
    const days = { start_date: '2026-03-01', end_date: '2026-03-03' };
    expect(numbers(await collect((await listPurchaseOrders(ctx, days, 1)).batches)).flat()).toEqual(['LAST', 'MIDDLE-2', 'MIDDLE', 'FIRST']);
    expect(numbers(await collect((await listPurchaseOrders(ctx, { ...days, status: 'open' }, 2)).batches)).flat()).toEqual(['LAST', 'MIDDLE-2', 'FIRST']);
    expect(numbers(await collect((await listPurchaseOrders(ctx, { status: 'closed' })).batches)).flat()).toEqual(['MIDDLE']);
  });

  it('counts days in the site’s zone', async () => {
    const ctx = fakeContext({ site: { currency: 'USD', timeZone: 'America/Los_Angeles' } });
    await seed(ctx, [
      ['LATE-FEB-28', 'open', '2026-03-01T07:59:59Z'],
      ['MARCH-1', 'open', '2026-03-01T08:00:00Z'],
    ]);
    const found = await collect((await listPurchaseOrders(ctx, { start_date: '2026-03-01', end_date: '2026-03-01' })).batches);
    expect(numbers(found).flat()).toEqual(['MARCH-1']);
  });

  it('reads a page with its pagination in one read', async () => {
    const ctx = fakeContext();
    await seed(ctx, [
      ['PO-1', 'open', '2026-03-01T10:00:00Z'],
      ['PO-2', 'open', '2026-03-02T10:00:00Z'],
      ['PO-3', 'open', '2026-03-03T10:00:00Z'],
    ]);
    const reads = ctx.store.reads;
    const second = await listPurchaseOrders(ctx, { page: '2', per_page: '2' });
    expect(ctx.store.reads - reads).toBe(1);
    expect(numbers(await collect(second.batches)).flat()).toEqual(['PO-1']);
    expect(second.pagination).toMatchObject({ total_entries: 3, total_pages: 2, current_page: 2, previous_page: 1, next_page: null, out_of_range: false });
    const beyond = await listPurchaseOrders(ctx, { page: '3', per_page: '2' });
    expect((await collect(beyond.batches)).flat()).toEqual([]);
    expect(beyond.pagination?.out_of_range).toBe(true);
  });
});
