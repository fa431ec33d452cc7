import { describe, expect, it } from 'vitest';
import { post, unique, type XmlValue } from './client';
import { UNKNOWN_ID, expectErrors, expectList, idOf, type Rec } from './expect-xml';
import {
  addUnit,
  expectUnchanged,
  label,
  listingOf,
  recordExpected,
  recordsOf,
  showUnit,
  snapshot,
  stockSetting,
  unitExpected,
  unitPath,
  unitXml,
  type Stock,
} from './inventory-fixtures';
import { inventoryForms } from './inventory-forms';
import { targets } from './suite';

/** POST split of unit `id` of the stock's part to shelf B, with `fields` on top. */
const split = (stock: Stock, id: number, fields: Record<string, XmlValue>, record?: Record<string, XmlValue>) =>
  post(stock.target, unitPath(stock.partId, id, 'split'), {
    body: unitXml({ inventory_sublocation_id: stock.shelves[1].id, ...fields }, record),
  });

/** The two full forms a split answers, the original first. */
function expectPair(reply: Awaited<ReturnType<typeof post>>): [Rec, Rec] {
  const units = expectList(reply, 'inventory_units', 'inventory_unit', inventoryForms.unit);
  expect(units).toHaveLength(2);
  return [units[0]!, units[1]!];
}

describe.each(targets())('inventory unit split on $name', (target) => {
  it('leaves the original with the rest and a new unit with the split quantity, copying cost, lot code, datecode, details and purchase order number', async () => {
    const stock = await stockSetting(target);
    const details = { cost_per_unit: '0.75', lot_code: 'LOT-5', datecode: '2440', details: 'MSL 3', purchase_order_number: 'PO-9' };
    const original = await addUnit(stock, { quantity: '10', sublocation_bin: 'A1', ...details });
    const id = idOf(original);
    const [kept, made] = expectPair(await split(stock, id, { quantity: '4', sublocation_bin: 'N1' }, { comment: 'for line 2' }));
    expect(kept).toEqual(
      unitExpected(stock, {
        ...details,
        id: String(id),
        quantity: '6.0',
        inventory_location: label(stock.location.shortname, stock.shelves[0], 'A1'),
        sublocation_bin: 'A1',
        created_at: original.created_at,
      }),
    );
    expect(made).toEqual(
      unitExpected(stock, {
        ...details,
        quantity: '4.0',
        inventory_location: label(stock.location.shortname, stock.shelves[1], 'N1'),
        sublocation_bin: 'N1',
      }),
    );
    const newId = idOf(made);
    expect(newId).toBeGreaterThan(id);
    expect(await showUnit(target, stock.partId, id)).toEqual(kept);
    expect(await showUnit(target, stock.partId, newId)).toEqual(made);
    expect(await recordsOf(target, stock.partId, id)).toEqual([
      recordExpected(stock, id, { type: 'create', before: '0.0', after: '10.0', to: stock.shelves[0].id }),
      recordExpected(stock, id, { type: 'split', before: '10.0', after: '6.0', related: newId, comment: 'for line 2' }),
    ]);
    expect(await recordsOf(target, stock.partId, newId)).toEqual([
      recordExpected(stock, newId, { type: 'split', before: '0.0', after: '4.0', to: stock.shelves[1].id, related: id, comment: 'for line 2' }),
    ]);
    expect(await listingOf(target, stock.partId)).toEqual([
      { quantity: '6.0', cost_per_unit: '0.75', inventory_sublocation_id: String(stock.shelves[0].id), unit_id: String(stock.measure.id) },
      { quantity: '4.0', cost_per_unit: '0.75', inventory_sublocation_id: String(stock.shelves[1].id), unit_id: String(stock.measure.id) },
    ]);
  });

  it('gives the new unit no bin unless one is sent, and splits fractional quantities exactly', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock, { quantity: '1', sublocation_bin: 'A1' }));
    const [kept, made] = expectPair(await split(stock, id, { quantity: '0.001' }));
    expect([kept.quantity, made.quantity]).toEqual(['0.999', '0.001']);
    expect(made).toMatchObject({ sublocation_bin: null, inventory_location: label(stock.location.shortname, stock.shelves[1]) });
  });

  it('refuses each SPEC 7 quantity condition with its message (422), in SPEC order, changing nothing', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock, { quantity: '10' }));
    const before = await snapshot(stock, [id]);
    const cases: Array<[string, string]> = [
      ['0', 'Quantity must be a positive number.'],
      ['-2', 'Quantity must be a positive number.'],
      ['10.5', "Quantity can't be greater than the quantity available."],
      ['11', "Quantity can't be greater than the quantity available."],
      ['10', 'Quantity must be less than the quantity available.'],
      ['10.000', 'Quantity must be less than the quantity available.'],
    ];
    for (const [quantity, message] of cases) {
      expectErrors(await split(stock, id, { quantity }), 422, [message]);
      await expectUnchanged(stock, before);
    }
  });

  it('needs a new asset id for an asset-tracked unit: missing is A new Asset ID is required., taken is Asset ID must be unique. (422)', async () => {
    const stock = await stockSetting(target);
    const other = await stock.addPart();
    const takenElsewhere = unique('TAKEN');
    const stranger = await addUnit(stock, { asset_id: takenElsewhere }, { partId: idOf(other) });
    const assetId = unique('AS');
    const id = idOf(await addUnit(stock, { quantity: '10', asset_id: assetId }));
    const before = await snapshot(stock, [id, { partId: idOf(other), unitId: idOf(stranger) }]);
    const refusals: Array<[Record<string, XmlValue>, string]> = [
      [{ quantity: '3' }, 'A new Asset ID is required.'],
      [{ quantity: '3', asset_id: null }, 'A new Asset ID is required.'],
      [{ quantity: '3', generate_asset_id: 'false' }, 'A new Asset ID is required.'],
      [{ quantity: '3', asset_id: assetId }, 'Asset ID must be unique.'],
      [{ quantity: '3', asset_id: takenElsewhere }, 'Asset ID must be unique.'],
      // The quantity is checked first.
      [{ quantity: '0' }, 'Quantity must be a positive number.'],
      [{ quantity: '10', asset_id: assetId }, 'Quantity must be less than the quantity available.'],
    ];
    for (const [fields, message] of refusals) {
      expectErrors(await split(stock, id, fields), 422, [message]);
      await expectUnchanged(stock, before);
    }
    const chosen = unique('NEW');
    const [, given] = expectPair(await split(stock, id, { quantity: '3', asset_id: chosen }));
    expect(given.asset_id).toBe(chosen);
    const [kept, generated] = expectPair(await split(stock, id, { quantity: '2', generate_asset_id: 'true' }));
    expect(generated.asset_id).toMatch(/^A\d{7}$/);
    expect(kept).toMatchObject({ quantity: '5.0', asset_id: assetId });
    // A taken id stays taken for the next split too.
    expectErrors(await split(stock, idOf(given), { quantity: '1', asset_id: generated.asset_id as string }), 422, ['Asset ID must be unique.']);
  });

  it('splits a unit without an asset id with none, or with one when asked', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock, { quantity: '9' }));
    const [, plain] = expectPair(await split(stock, id, { quantity: '1' }));
    expect(plain.asset_id).toBeNull();
    const [, generated] = expectPair(await split(stock, id, { quantity: '1', generate_asset_id: 'true' }));
    expect(generated.asset_id).toMatch(/^A\d{7}$/);
    expect((await showUnit(target, stock.partId, id)).asset_id).toBeNull();
  });

  it('refuses a serialised unit (422: its serial number never reaches a new unit), a fractional quantity of a whole unit, a missing or unknown shelf and a non-number (400), changing nothing', async () => {
    const stock = await stockSetting(target);
    const serial = idOf(await addUnit(stock, { quantity: '1', serial_number: 'SN-5' }));
    const counted = idOf(await addUnit(stock, { quantity: '10', unit_id: stock.whole.id }));
    const before = await snapshot(stock, [serial, counted]);
    expectErrors(await split(stock, serial, { quantity: '0.5' }), 422, ['A unit with a serial number cannot be split']);
    await expectUnchanged(stock, before);
    expectErrors(await split(stock, counted, { quantity: '2.5' }), 400, [`Quantity must be a whole number: ${stock.whole.name} is counted in whole units`]);
    await expectUnchanged(stock, before);
    expectErrors(await split(stock, counted, { quantity: '2', inventory_sublocation_id: null }), 400, ["Inventory sublocation can't be blank"]);
    await expectUnchanged(stock, before);
    expectErrors(await split(stock, counted, { quantity: '2', inventory_sublocation_id: UNKNOWN_ID }), 400, ['Inventory sublocation must exist']);
    await expectUnchanged(stock, before);
    expectErrors(await split(stock, counted, { quantity: 'half' }), 400, ['Quantity is not a number']);
    expectErrors(await split(stock, counted, {}), 400, ["Quantity can't be blank"]);
    await expectUnchanged(stock, before);
  });
});
