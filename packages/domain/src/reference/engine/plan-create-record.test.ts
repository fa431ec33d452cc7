import { describe, expect, it } from 'vitest';
import { refusal } from '../../scenarios/refusal.test-helper';
import { insertedId, insertRow, writtenRows } from '../../write-plan';
import { inventoryLocationResource } from '../inventory-location';
import { manufacturerResource } from '../manufacturer';
import { parttypeResource } from '../parttype';
import { planCreateRecord } from './plan-create-record';
import { parseRecord } from './record-input';

const now = new Date('2025-01-01T00:00:00Z');
const stamps = { created_at: now, updated_at: now };

describe('planCreateRecord', () => {
  it('inserts the record with its initial columns and both timestamps', () => {
    const input = parseRecord(parttypeResource, { name: 'Resistor' });
    const { plan, record } = planCreateRecord(parttypeResource, input, [], now);
    expect(plan.steps).toEqual([record]);
    expect(record).toEqual(
      insertRow(
        'parttype',
        { label_id: null, name: 'Resistor', attrition: null, is_non_material: false, partnumber_key: null, parent_id: null, parent_only: false, part_next: 1, ...stamps },
        'record',
      ),
    );
  });

  it("writes a follow-up's rows after the record, naming it, and answers their rows as the related data", () => {
    const input = parseRecord(inventoryLocationResource, { name: 'Main', inventory_sublocations: [{ name: 'B' }, { name: 'A', has_bins: 'true' }] });
    const { plan, record, related } = planCreateRecord(inventoryLocationResource, input, [], now);
    const sublocation = (name: string, has_bins: boolean, step: string) => insertRow('inventory_sublocation', { inventory_location_id: insertedId('record'), name, has_bins, ...stamps }, step);
    expect(plan.steps).toEqual([record, sublocation('B', false, 'sublocation0'), sublocation('A', true, 'sublocation1')]);
    const rows = [[{ id: 1 }], [{ id: 8, name: 'B' }], [{ id: 7, name: 'A' }]];
    expect(related!(writtenRows(plan, rows))).toEqual({ sublocations: [{ id: 7, name: 'A' }, { id: 8, name: 'B' }] });
  });

  it('refuses with every problem found, and plans nothing', () => {
    const input = parseRecord(manufacturerResource, { name: 'Yageo' });
    expect(refusal(() => planCreateRecord(manufacturerResource, input, ['Name has already been taken'], now))).toMatchObject({
      code: 'invalid',
      messages: ['Name has already been taken'],
    });
  });
});
