import { describe, expect, it } from 'vitest';
import { refusal } from '../../scenarios/refusal.test-helper';
import { updateRow } from '../../write-plan';
import { inventorySublocationResource } from '../inventory-sublocation';
import { planUpdateRecord } from './plan-update-record';
import { parseRecordChanges } from './record-input';

const now = new Date('2025-01-01T00:00:00Z');
const existing = { id: 3, name: 'A', inventory_location_id: 1, has_bins: false, created_at: new Date(0), updated_at: new Date(0) };
const changes = (raw: object) => parseRecordChanges(inventorySublocationResource, raw);

describe('planUpdateRecord', () => {
  it('updates the fields sent and updated_at', () => {
    const update = planUpdateRecord(inventorySublocationResource, existing, changes({ name: 'B', inventory_location_id: '1' }), [], now);
    expect(update!.plan.steps).toEqual([updateRow('inventory_sublocation', 3, { name: 'B', inventory_location_id: 1, updated_at: now })]);
  });

  it('plans nothing when nothing is sent', () => {
    expect(planUpdateRecord(inventorySublocationResource, existing, changes({}), [], now)).toBeNull();
  });

  it("refuses field problems first, then a fixed column's new value (422), then the rules' problems", () => {
    expect(refusal(() => planUpdateRecord(inventorySublocationResource, existing, changes({ inventory_location_id: 'two' }), ['x'], now))).toMatchObject({
      code: 'invalid',
      messages: ['Inventory location must be an integer'],
    });
    expect(refusal(() => planUpdateRecord(inventorySublocationResource, existing, changes({ inventory_location_id: '2' }), ['x'], now))).toMatchObject({
      code: 'unprocessable',
      messages: ["Inventory location can't be changed"],
    });
    expect(refusal(() => planUpdateRecord(inventorySublocationResource, existing, changes({ name: 'B' }), ['Name has already been taken'], now))).toMatchObject({
      code: 'invalid',
      messages: ['Name has already been taken'],
    });
  });
});
