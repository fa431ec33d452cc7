import { describe, expect, it } from 'vitest';
import { refusal } from '../../scenarios/refusal.test-helper';
import { insertedId } from '../../write-plan';
import type { InventoryUnit } from '../../records';
import { checkSplit, planSplit } from './split-rules';

const unit = (quantity: string, fields: { asset_id?: string | null; serial_number?: string | null } = {}) => ({
  quantity,
  asset_id: null,
  serial_number: null,
  ...fields,
});
const places = {
  measures: [{ id: 1, name: 'Each', allow_fractional: false }],
  sublocations: [{ id: 5, name: 'Shelf', has_bins: false } as never, { id: 6, name: 'Bins', has_bins: true } as never],
};
const request = (quantity: string, fields: { asset_id?: string | null; generateAssetId?: boolean; inventory_sublocation_id?: number; sublocation_bin?: string | null } = {}) => ({
  inventory_sublocation_id: 5,
  quantity,
  asset_id: null,
  generateAssetId: false,
  sublocation_bin: null,
  ...fields,
});

describe('checkSplit', () => {
  it.each([
    ['0.0', 'Quantity must be a positive number.'],
    ['-1.0', 'Quantity must be a positive number.'],
    ['11.0', "Quantity can't be greater than the quantity available."],
    ['10.0', 'Quantity must be less than the quantity available.'],
  ])('refuses %s of 10 with SPEC 7 words (422)', (quantity, message) => {
    expect(refusal(() => checkSplit(unit('10.0'), request(quantity), places))).toMatchObject({ code: 'unprocessable', messages: [message] });
  });

  it('refuses a missing sublocation, a fraction of a whole measure and a bin where there are none (400) before the 422s', () => {
    expect(refusal(() => checkSplit(unit('10.0'), request('0.0', { inventory_sublocation_id: 7 }), places))).toMatchObject({
      code: 'invalid',
      messages: ['Inventory sublocation must exist'],
    });
    expect(refusal(() => checkSplit(unit('10.0'), request('0.5', { sublocation_bin: 'B1' }), places))).toMatchObject({
      code: 'invalid',
      messages: ['Quantity must be a whole number: Each is counted in whole units', 'Sublocation bin must be blank: Shelf has no bins'],
    });
    expect(checkSplit(unit('10.0'), request('1.0', { inventory_sublocation_id: 6, sublocation_bin: 'B1' }), places)).toEqual({ kind: 'none' });
  });

  it('checks the quantity before the asset id, and asks an asset-tracked unit for a new one', () => {
    const tracked = unit('10.0', { asset_id: 'A0000001' });
    expect(refusal(() => checkSplit(tracked, request('0.0'), places))).toMatchObject({ messages: ['Quantity must be a positive number.'] });
    expect(refusal(() => checkSplit(tracked, request('3.0'), places))).toMatchObject({ code: 'unprocessable', messages: ['A new Asset ID is required.'] });
    expect(checkSplit(tracked, request('3.0', { asset_id: 'X-9' }), places)).toEqual({ kind: 'given', assetId: 'X-9' });
    expect(checkSplit(tracked, request('3.0', { generateAssetId: true }), places)).toEqual({ kind: 'generate' });
    expect(checkSplit(unit('10.0'), request('3.0', { asset_id: 'X-1', generateAssetId: true }), places)).toEqual({ kind: 'given', assetId: 'X-1' });
  });

  it('never splits a unit with a serial number', () => {
    expect(refusal(() => checkSplit(unit('1.0', { serial_number: 'SN1' }), request('1.0'), places))).toMatchObject({
      code: 'unprocessable',
      messages: ['A unit with a serial number cannot be split'],
    });
  });
});

describe('planSplit', () => {
  const now = new Date('2024-05-06T07:08:09.123Z');
  const before = new Date('2024-01-01T00:00:00.000Z');
  const original: InventoryUnit = {
    ...({} as InventoryUnit),
    id: 40,
    part_id: 3,
    unit_id: 1,
    quantity: '10.0',
    inventory_sublocation_id: 5,
    sublocation_bin: 'B9',
    asset_id: 'A-1',
    serial_number: null,
    lot_code: 'L1',
    created_at: before,
    updated_at: before,
  };

  it('plans the update guarded by what it read and copies, the new unit, and two records naming each other', () => {
    const { plan, original: update, split } = planSplit(original, { inventory_sublocation_id: 6, quantity: '2.5', sublocation_bin: null, comment: 'kit' }, 'A0000002', {
      creatorId: 7,
      now,
    });
    const { id: _id, ...copied } = original;
    const record = { part_id: 3, record_type: 'split', from_sublocation_id: null, comment: 'kit', creator_id: 7, created_at: now };
    expect(plan.steps).toEqual([
      {
        kind: 'update',
        table: 'inventory_unit',
        id: 40,
        patch: { quantity: '7.5', updated_at: now },
        // Every column but the id, the times and the bin: the new unit copies them, and the rules read the quantity, serial number and asset id.
        expected: { part_id: 3, unit_id: 1, quantity: '10.0', inventory_sublocation_id: 5, asset_id: 'A-1', serial_number: null, lot_code: 'L1' },
      },
      {
        kind: 'insert',
        table: 'inventory_unit',
        name: 'split',
        values: { ...copied, quantity: '2.5', inventory_sublocation_id: 6, sublocation_bin: null, asset_id: 'A0000002', serial_number: null, created_at: now, updated_at: now },
      },
      {
        kind: 'insert',
        table: 'inventory_record',
        values: { ...record, inventory_unit_id: 40, quantity_before: '10.0', quantity_after: '7.5', to_sublocation_id: null, related_inventory_unit_id: insertedId('split') },
      },
      {
        kind: 'insert',
        table: 'inventory_record',
        values: { ...record, inventory_unit_id: insertedId('split'), quantity_before: '0.0', quantity_after: '2.5', to_sublocation_id: 6, related_inventory_unit_id: 40 },
      },
    ]);
    expect(plan.steps[0]).toBe(update);
    expect(plan.steps[1]).toBe(split);
  });
});
