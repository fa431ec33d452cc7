import { describe, expect, it } from 'vitest';
import { refusal } from '../../scenarios/refusal.test-helper';
import { insertedId } from '../../write-plan';
import { parseCreateUnit } from './create-unit-input';
import { checkCreateUnit, planCreateUnit, type CreateUnitState } from './create-unit-rules';

const metre = { id: 2, name: 'Metre', allow_fractional: true };
const piece = { id: 3, name: 'Piece', allow_fractional: false };
const state = (changes: Partial<CreateUnitState> = {}): CreateUnitState => ({
  part: { id: 7, unit_id: 2 },
  sublocation: { name: 'Shelf', has_bins: false },
  measure: metre,
  partMeasure: metre,
  conversions: [],
  assetIdTaken: false,
  serialNumberTaken: false,
  ...changes,
});
const input = (fields: Record<string, unknown> = {}) =>
  parseCreateUnit({ partId: 7 }, { inventory_sublocation_id: '5', unit_id: '2', quantity: '2.5', ...fields });

describe('checkCreateUnit', () => {
  it('allows a unit whose every reference holds', () => {
    expect(checkCreateUnit(input(), state())).toBeUndefined();
    expect(checkCreateUnit(input({ unit_id: '3', quantity: '4' }), state({ measure: piece, conversions: [{ from_unit_id: 3, to_unit_id: 2 }] }))).toBeUndefined();
  });

  it('answers 404 for a missing part before any field problem', () => {
    expect(refusal(() => checkCreateUnit(input(), state({ part: null, sublocation: null })))).toMatchObject({ code: 'not_found' });
  });

  it('lists every problem at once in field order, the bin last', () => {
    const all = state({ measure: piece, partMeasure: metre, assetIdTaken: true, serialNumberTaken: true, sublocation: { name: 'Shelf', has_bins: false } });
    // A serial number needs a quantity of 1, whole: the measure's problems come from a fraction the parse step lets through.
    const fraction = { ...input({ unit_id: '3', sublocation_bin: 'B1', asset_id: 'X' }), fields: { ...input().fields, unit_id: 3, quantity: '1.5', sublocation_bin: 'B1', asset_id: 'X', serial_number: 'SN' } };
    expect(refusal(() => checkCreateUnit(fraction, all))).toMatchObject({
      code: 'invalid',
      messages: [
        'Quantity must be a whole number: Piece is counted in whole units',
        "Unit must be the part's unit or convert to it: Piece has no conversion to Metre",
        'Asset ID must be unique.',
        'Serial number has already been taken',
        'Sublocation bin must be blank: Shelf has no bins',
      ],
    });
    expect(refusal(() => checkCreateUnit(input(), state({ sublocation: null, measure: null })))).toMatchObject({
      code: 'invalid',
      messages: ['Inventory sublocation must exist', 'Unit must exist'],
    });
  });
});

describe('planCreateUnit', () => {
  const now = new Date('2024-05-06T07:08:09.123Z');

  it('plans the unit at the site currency and its create record naming it', () => {
    const given = parseCreateUnit({ partId: 7 }, { inventory_sublocation_id: '5', unit_id: '2', quantity: '2.5', lot_code: 'L1', sublocation_bin: 'B2', inventory_record: { comment: 'counted' } });
    const { plan, unit } = planCreateUnit(given, 'A0000004', 'EUR', { creatorId: 9, now });
    expect(plan.steps).toEqual([
      {
        kind: 'insert',
        table: 'inventory_unit',
        name: 'unit',
        values: {
          ...given.fields,
          part_id: 7,
          inventory_sublocation_id: 5,
          unit_id: 2,
          quantity: '2.5',
          lot_code: 'L1',
          sublocation_bin: 'B2',
          asset_id: 'A0000004',
          currency: 'EUR',
          purchase_quantity: null,
          purchase_price: null,
          vendor: null,
          purchase_order_id: null,
          created_at: now,
          updated_at: now,
        },
      },
      {
        kind: 'insert',
        table: 'inventory_record',
        values: {
          inventory_unit_id: insertedId('unit'),
          part_id: 7,
          record_type: 'create',
          quantity_before: '0.0',
          quantity_after: '2.5',
          from_sublocation_id: null,
          to_sublocation_id: 5,
          related_inventory_unit_id: null,
          comment: 'counted',
          creator_id: 9,
          created_at: now,
        },
      },
    ]);
    expect(plan.steps[0]).toBe(unit);
  });
});
