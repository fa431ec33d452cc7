import { describe, expect, it } from 'vitest';
import { createRecord } from '../../reference/engine/create-record';
import { parseRecord } from '../../reference/engine/record-input';
import { vendorResource } from '../../reference/vendor';
import { fakeContext } from '../../test';
import { insertedId, insertRow, writePlan } from '../../write-plan';
import { runsOf, writeInRuns } from './write-in-runs';

const order = (vendorId: number, number: string) =>
  insertRow('purchase_order', { number, status: 'draft', vendor_id: vendorId, currency: 'USD', created_on: new Date(0), updated_at: new Date(0) } as never, number);
const line = (name: string, position: number) => insertRow('purchase_item', { purchase_order_id: insertedId(name), position, quantity: '1.0' } as never);

describe('runsOf', () => {
  it('keeps the steps in order, a run at most the budget of values, a larger step alone', () => {
    const steps = [order(1, 'A'), line('A', 1), line('A', 2), line('A', 3)];
    expect(runsOf(steps, { values: 1000, steps: 10 })).toEqual([steps]);
    // An order carries 6 values, a line 3.
    expect(runsOf(steps, { values: 9, steps: 10 })).toEqual([[steps[0], steps[1]], [steps[2], steps[3]]]);
    expect(runsOf(steps, { values: 4, steps: 10 })).toEqual([[steps[0]], [steps[1]], [steps[2]], [steps[3]]]);
    expect(runsOf(steps, { values: 1000, steps: 3 })).toEqual([[steps[0], steps[1], steps[2]], [steps[3]]]);
  });
});

describe('writeInRuns', () => {
  it('writes a plan too large for one statement in several, a later one naming an earlier one’s insert by its id', async () => {
    const ctx = fakeContext();
    const vendor = (await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Digi' }))).row.id;
    const plan = writePlan([order(vendor, 'A'), line('A', 1), line('A', 2), order(vendor, 'B'), line('B', 1)]);
    const planned = ctx.store.plans.length;
    const written = await ctx.store.transaction((tx) => writeInRuns(tx, plan, { values: 9, steps: 10 }));
    expect(ctx.store.plans.slice(planned)).toHaveLength(3);
    const [a, b] = await ctx.store.rows('purchase_order');
    expect((await ctx.store.rows('purchase_item')).map((item) => [item.purchase_order_id, item.position])).toEqual([
      [a!.id, 1],
      [a!.id, 2],
      [b!.id, 1],
    ]);
    expect(plan.steps.map((step) => written.get(step)![0]!.id)).toEqual([a!.id, expect.any(Number), expect.any(Number), b!.id, expect.any(Number)]);
    await ctx.store.transaction((tx) => writeInRuns(tx, writePlan([order(vendor, 'C'), line('C', 1)])));
    expect(ctx.store.plans.slice(planned)).toHaveLength(4);
  });
});
