import { describe, expect, it } from 'vitest';
import { refusal } from '../../scenarios/refusal.test-helper';
import { insertedId } from '../../write-plan';
import { parsePurchaseOrderImport } from './import-input';
import { checkImport, planImport } from './import-rules';
import type { ImportState } from './import-state';

const state = (changes: Partial<ImportState> = {}): ImportState => ({
  takenNumbers: new Set(),
  existing: new Map([
    ['vendor', new Set([4])],
    ['part', new Set([7])],
    ['unit', new Set([2, 3])],
    ['inventory_sublocation', new Set([5])],
  ]),
  vendors: new Map([[4, 'Digi-Key']]),
  revisions: new Map(),
  parts: new Map([[7, { id: 7, partnumber: 'P-1', manufacturer_pn: 'RC0402', manufacturer_id: 9, unit_id: 2 }]]),
  manufacturers: new Map([[9, { name: 'Yageo' }]]),
  measures: new Map([
    [2, { id: 2, name: 'Piece', allow_fractional: false }],
    [3, { id: 3, name: 'Reel', allow_fractional: false }],
  ]),
  conversions: [],
  ...changes,
});

const file = (items: object[], fields: object = {}) =>
  parsePurchaseOrderImport([{ number: 'PO-1', vendor_id: '4', created_on: '2026-03-01 10:00:00 +0000', purchase_items: items, ...fields }]);

describe('checkImport', () => {
  it('describes each line by what it names and keeps the measure a received line counts in', () => {
    const [order] = checkImport(file([{ part_id: '7', quantity: '3' }, { part_id: '7', quantity: '2', received_quantity: '2', inventory_sublocation_id: '5' }]), state());
    expect(order!.vendorName).toBe('Digi-Key');
    expect(order!.lines.map((line) => [line.item.partnumber, line.item.manufacturer, line.item.vendor_id, line.measureId])).toEqual([
      ['P-1', 'Yageo', 4, null],
      ['P-1', 'Yageo', 4, 2],
    ]);
  });

  it('names every problem by its place, the order’s before its lines’', () => {
    const orders = file(
      [
        { part_id: '8', quantity: '1' },
        { part_id: '7', unit_id: '3', quantity: '1', received_quantity: '1.5' },
        { quantity: '1', inventory_sublocation_id: '6' },
      ],
      { inventory_location_id: '1' },
    );
    expect(refusal(() => checkImport(orders, state({ takenNumbers: new Set(['PO-1']) })))).toMatchObject({
      code: 'invalid',
      messages: [
        'purchase_order 1 (PO-1): Number has already been taken',
        'purchase_order 1 (PO-1): Inventory location must exist',
        'purchase_order 1 (PO-1), purchase_item 1: Part must exist',
        'purchase_order 1 (PO-1), purchase_item 2: Inventory sublocation must be given to receive a quantity',
        'purchase_order 1 (PO-1), purchase_item 2: Quantity must be a whole number: Reel is counted in whole units',
        "purchase_order 1 (PO-1), purchase_item 2: Unit must be the part's unit or convert to it: Reel has no conversion to Piece",
        'purchase_order 1 (PO-1), purchase_item 3: Inventory sublocation must exist',
        'purchase_order 1 (PO-1), purchase_item 3: Received quantity must be greater than 0 to receive into an inventory sublocation',
      ],
    });
    const converting = state({ conversions: [{ from_unit_id: 3, to_unit_id: 2 }] });
    expect(checkImport(file([{ part_id: '7', unit_id: '3', quantity: '1', received_quantity: '1', inventory_sublocation_id: '5' }]), converting)[0]!.lines[0]!.measureId).toBe(3);
  });
});

describe('planImport', () => {
  const now = new Date('2026-03-05T00:00:00.000Z');

  it('plans each order, then per line the received unit with its record and the line naming its order and unit', () => {
    const orders = checkImport(
      file([
        { part_id: '7', quantity: '3', price: '0.5', position: '4' },
        { part_id: '7', quantity: '2', price: '0.25', received_quantity: '2', inventory_sublocation_id: '5' },
      ]),
      state(),
    );
    const { plan, orders: inserted, items, received } = planImport(orders, 'USD', { creatorId: 9, now });
    expect([items, received]).toEqual([2, 1]);
    expect(plan.steps.map((step) => `${step.kind} ${step.table}`)).toEqual([
      'insert purchase_order',
      'insert purchase_item',
      'insert inventory_unit',
      'insert inventory_record',
      'insert purchase_item',
    ]);
    expect(inserted).toEqual([plan.steps[0]]);
    expect(plan.steps[0]).toMatchObject({ name: 'order 0', values: { number: 'PO-1', vendor_id: 4, currency: 'USD', status: 'draft', created_on: new Date('2026-03-01T10:00:00Z'), updated_at: new Date('2026-03-01T10:00:00Z') } });
    expect(plan.steps[1]).toMatchObject({ values: { purchase_order_id: insertedId('order 0'), position: 4, inventory_unit_id: null, received_at: null, partnumber: 'P-1' } });
    expect(plan.steps[2]).toMatchObject({
      name: 'unit 0.1',
      values: {
        part_id: 7,
        unit_id: 2,
        inventory_sublocation_id: 5,
        quantity: '2.0',
        cost_per_unit: '0.25',
        currency: 'USD',
        purchase_order_number: 'PO-1',
        purchase_quantity: '2.0',
        purchase_price: '0.25',
        vendor: 'Digi-Key',
        purchase_order_id: insertedId('order 0'),
        created_at: now,
      },
    });
    expect(plan.steps[3]).toEqual({
      kind: 'insert',
      table: 'inventory_record',
      values: {
        inventory_unit_id: insertedId('unit 0.1'),
        part_id: 7,
        record_type: 'receive',
        quantity_before: '0.0',
        quantity_after: '2.0',
        from_sublocation_id: null,
        to_sublocation_id: 5,
        related_inventory_unit_id: null,
        comment: 'Received on purchase order PO-1',
        creator_id: 9,
        created_at: now,
      },
    });
    expect(plan.steps[4]).toMatchObject({ values: { purchase_order_id: insertedId('order 0'), position: 2, inventory_unit_id: insertedId('unit 0.1'), received_at: now } });
    expect(plan.steps[4]).not.toHaveProperty('values.inventory_sublocation_id');
  });

  it('keeps an order’s own currency, on its received units too, and names each order apart', () => {
    const orders = checkImport(
      parsePurchaseOrderImport([
        { number: 'PO-1', vendor_id: '4', currency: 'EUR', purchase_items: [{ part_id: '7', quantity: '1', received_quantity: '1', inventory_sublocation_id: '5' }] },
        { number: 'PO-2', vendor_id: '4', purchase_items: [{ part_id: '7', quantity: '1' }] },
      ]),
      state(),
    );
    const { plan, orders: inserted } = planImport(orders, 'USD', { creatorId: 9, now });
    expect(inserted.map((step) => [step.name, step.values.currency, step.values.created_on])).toEqual([
      ['order 0', 'EUR', now],
      ['order 1', 'USD', now],
    ]);
    expect(plan.steps[1]).toMatchObject({ table: 'inventory_unit', values: { currency: 'EUR' } });
    expect(plan.steps[4]).toBe(inserted[1]);
    expect(plan.steps[5]).toMatchObject({ table: 'purchase_item', values: { purchase_order_id: insertedId('order 1'), position: 1 } });
  });
});
