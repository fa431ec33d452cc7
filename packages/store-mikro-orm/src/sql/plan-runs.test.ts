import { describe, expect, it } from 'vitest';
import { insertedId, insertRow, insertUnread, updateRow, writePlan } from '@pips/domain';
import { namedIds, runsOf, withIds } from './plan-runs';

const order = (vendorId: number, number: string) =>
  insertRow('purchase_order', { number, status: 'draft', vendor_id: vendorId, currency: 'USD', created_on: new Date(0), updated_at: new Date(0) } as never, number);
const line = (name: string, position: number) => insertRow('purchase_item', { purchase_order_id: insertedId(name), position, quantity: '1.0' } as never);
const event = (n: number) => insertUnread('event', { kind: 'unit.deleted', subject_id: n } as never);

describe('runsOf', () => {
  it('keeps the steps in order, a run at most the budget of values, a larger step alone', () => {
    const steps = [order(1, 'A'), line('A', 1), line('A', 2), line('A', 3)];
    const plan = writePlan(steps);
    expect(runsOf(plan, { values: 1000, columns: 10 })).toEqual([steps]);
    // An order carries 6 values, a line 3.
    expect(runsOf(plan, { values: 9, columns: 10 })).toEqual([[steps[0], steps[1]], [steps[2], steps[3]]]);
    expect(runsOf(plan, { values: 4, columns: 10 })).toEqual([[steps[0]], [steps[1]], [steps[2]], [steps[3]]]);
  });

  it('counts the columns of the answer: two for an update, none for unread inserts written together last', () => {
    const steps = [updateRow('unit', 1, { name: 'a' }), order(1, 'A'), line('A', 1)];
    expect(runsOf(writePlan(steps), { values: 1000, columns: 3 })).toEqual([[steps[0], steps[1]], [steps[2]]]);
    const events = Array.from({ length: 10 }, (_, n) => event(n));
    expect(runsOf(writePlan([...steps, ...events]), { values: 1000, columns: 4 })).toEqual([[...steps, ...events]]);
    // Where a read insert goes into their table too, each is written at its place and counted.
    const mixed = writePlan([insertRow('event', { kind: 'x', subject_id: 0 } as never), ...events]);
    expect(runsOf(mixed, { values: 1000, columns: 4 }).map((run) => run.length)).toEqual([4, 4, 3]);
  });

  it('never cuts between a reference and the later insert it names', () => {
    const steps = [line('B', 1), line('B', 2), order(1, 'B'), line('B', 3)];
    expect(runsOf(writePlan(steps), { values: 4, columns: 10 })).toEqual([[steps[0], steps[1], steps[2]], [steps[3]]]);
  });
});

describe('withIds and namedIds', () => {
  it('writes an earlier run\'s insert as the id it was given', () => {
    const [a, first] = [order(1, 'A'), line('A', 1)];
    const ids = new Map<string, number>();
    namedIds([a, first], [[{ id: 41 }], [{ id: 7 }]], ids);
    expect(ids).toEqual(new Map([['A', 41]]));
    expect(withIds(first, ids)).toEqual({ ...first, values: { ...first.values, purchase_order_id: 41 } });
    expect(withIds(line('B', 1), ids)).toEqual(line('B', 1));
  });
});
