import { describe, expect, it } from 'vitest';
import { formBody, get, post, unique } from './client';
import { UNKNOWN_ID, expectErrors, expectMessage, expectNotFound, idOf, type Rec } from './expect-xml';
import {
  addUnit,
  expectUnchanged,
  expectUnit,
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
import { targets } from './suite';

const ASSET_ID = /^A\d{7}$/;

/** POST a new unit of the stock's part with `fields` on top of the required ones. */
const createReply = (stock: Stock, fields: Record<string, string | null>, record?: Record<string, string>) =>
  post(stock.target, unitPath(stock.partId), {
    body: unitXml({ inventory_sublocation_id: stock.shelves[0].id, unit_id: stock.measure.id, quantity: '3', ...fields }, record),
  });

describe.each(targets())('inventory unit create and show on $name', (target) => {
  it('answers the full form, field by field in SPEC order; show and the listing agree; a create record is written', async () => {
    const stock = await stockSetting(target);
    const assetId = unique('AS');
    const fields = {
      inventory_sublocation_id: stock.shelves[0].id,
      unit_id: stock.measure.id,
      quantity: '12.5',
      cost_per_unit: '1.25',
      asset_id: assetId,
      datecode: '2419',
      lot_code: 'LOT-7',
      sublocation_bin: 'B7',
      details: 'reel, anti-static bag',
      purchase_order_number: 'PO-1001',
    };
    const created = expectUnit(await post(target, unitPath(stock.partId), { body: unitXml(fields) }));
    expect(created).toEqual(
      unitExpected(stock, {
        quantity: '12.5',
        cost_per_unit: '1.25',
        inventory_location: label(stock.location.shortname, stock.shelves[0], 'B7'),
        sublocation_bin: 'B7',
        asset_id: assetId,
        lot_code: 'LOT-7',
        datecode: '2419',
        details: 'reel, anti-static bag',
        purchase_order_number: 'PO-1001',
      }),
    );
    const id = idOf(created);
    expect(created.updated_at).toBe(created.created_at);
    expect(await showUnit(target, stock.partId, id)).toEqual(created);
    expect(await listingOf(target, stock.partId)).toEqual([
      { quantity: '12.5', cost_per_unit: '1.25', inventory_sublocation_id: String(stock.shelves[0].id), unit_id: String(stock.measure.id) },
    ]);
    expect(await recordsOf(target, stock.partId, id)).toEqual([
      recordExpected(stock, id, { type: 'create', before: '0.0', after: '12.5', to: stock.shelves[0].id }),
    ]);
  });

  it('answers empty elements for every optional field not sent; a quantity of 0 is a unit too', async () => {
    const stock = await stockSetting(target);
    const created = expectUnit(await createReply(stock, { quantity: '0' }));
    expect(created).toEqual(unitExpected(stock, { quantity: '0.0' }));
    expect(await showUnit(target, stock.partId, idOf(created))).toEqual(created);
  });

  it('writes the inventory_record comment on the create record, nested in the body or as bracket keys beside it', async () => {
    const stock = await stockSetting(target);
    const nested = expectUnit(await createReply(stock, {}, { comment: 'received from Mouser' }));
    expect(await recordsOf(target, stock.partId, idOf(nested))).toEqual([
      recordExpected(stock, idOf(nested), { type: 'create', before: '0.0', after: '3.0', to: stock.shelves[0].id, comment: 'received from Mouser' }),
    ]);
    const form = [
      formBody('inventory_unit', { inventory_sublocation_id: stock.shelves[1].id, unit_id: stock.measure.id, quantity: '4', sublocation_bin: 'F1' }),
      formBody('inventory_record', { comment: 'counted by hand' }),
    ].join('&');
    const fromForm = expectUnit(await post(target, unitPath(stock.partId), { form }));
    expect(fromForm).toEqual(
      unitExpected(stock, { quantity: '4.0', inventory_location: label(stock.location.shortname, stock.shelves[1], 'F1'), sublocation_bin: 'F1' }),
    );
    expect(await recordsOf(target, stock.partId, idOf(fromForm))).toEqual([
      recordExpected(stock, idOf(fromForm), { type: 'create', before: '0.0', after: '4.0', to: stock.shelves[1].id, comment: 'counted by hand' }),
    ]);
  });

  it('labels the place with the shortname, the shelf and the bin; a location without shortname by its name', async () => {
    const stock = await stockSetting(target);
    const withBin = expectUnit(await createReply(stock, { sublocation_bin: 'R2-C4' }));
    expect(withBin.inventory_location).toBe(`${stock.location.shortname} - Shelf A - R2-C4`);
    const withoutBin = expectUnit(await createReply(stock, { inventory_sublocation_id: String(stock.shelves[1].id) }));
    expect(withoutBin.inventory_location).toBe(`${stock.location.shortname} - Shelf B`);
    expect(withoutBin.sublocation_bin).toBeNull();
    const plain = await stock.addPlainLocation();
    const elsewhere = expectUnit(await createReply(stock, { inventory_sublocation_id: String(plain.shelf.id) }));
    expect(elsewhere.inventory_location).toBe(`${plain.name} - Bench`);
    const elsewhereBinned = expectUnit(await createReply(stock, { inventory_sublocation_id: String(plain.shelf.id), sublocation_bin: 'Z9' }));
    expect(elsewhereBinned.inventory_location).toBe(`${plain.name} - Bench - Z9`);
    expect(await showUnit(target, stock.partId, idOf(elsewhereBinned))).toEqual(elsewhereBinned);
  });

  it('refuses a body missing the required fields with 400 naming all of them at once; nothing is created', async () => {
    const stock = await stockSetting(target);
    const kept = idOf(await addUnit(stock));
    const before = await snapshot(stock, [kept]);
    const blank = ["Inventory sublocation can't be blank", "Unit can't be blank", "Quantity can't be blank"];
    expectErrors(await post(target, unitPath(stock.partId), { body: unitXml({ lot_code: 'L1' }) }), 400, blank);
    await expectUnchanged(stock, before);
    expectErrors(await post(target, unitPath(stock.partId), { body: unitXml({ inventory_sublocation_id: null, unit_id: null, quantity: null }) }), 400, blank);
    await expectUnchanged(stock, before);
    expectErrors(await post(target, unitPath(stock.partId)), 400, blank);
    await expectUnchanged(stock, before);
    expectErrors(await post(target, unitPath(stock.partId), { body: unitXml({ unit_id: stock.measure.id }) }), 400, [blank[0]!, blank[2]!]);
    await expectUnchanged(stock, before);
  });

  it('refuses ids that name nothing with 400 "… must exist", both at once; nothing is created', async () => {
    const stock = await stockSetting(target);
    const kept = idOf(await addUnit(stock));
    const before = await snapshot(stock, [kept]);
    expectErrors(await createReply(stock, { inventory_sublocation_id: String(UNKNOWN_ID), unit_id: String(UNKNOWN_ID) }), 400, [
      'Inventory sublocation must exist',
      'Unit must exist',
    ]);
    await expectUnchanged(stock, before);
    expectErrors(await createReply(stock, { unit_id: String(UNKNOWN_ID) }), 400, ['Unit must exist']);
    await expectUnchanged(stock, before);
    expectErrors(await createReply(stock, { inventory_sublocation_id: String(UNKNOWN_ID) }), 400, ['Inventory sublocation must exist']);
    await expectUnchanged(stock, before);
  });

  it('answers 404 for a part that does not exist', async () => {
    const stock = await stockSetting(target);
    const body = unitXml({ inventory_sublocation_id: stock.shelves[0].id, unit_id: stock.measure.id, quantity: '1' });
    expectNotFound(await post(target, unitPath(UNKNOWN_ID), { body }), 'Part', UNKNOWN_ID);
  });

  it('refuses a negative quantity or cost with 400; nothing is created', async () => {
    const stock = await stockSetting(target);
    const kept = idOf(await addUnit(stock));
    const before = await snapshot(stock, [kept]);
    expectErrors(await createReply(stock, { quantity: '-1' }), 400, ['Quantity must be greater than or equal to 0']);
    await expectUnchanged(stock, before);
    expectErrors(await createReply(stock, { cost_per_unit: '-0.01' }), 400, ['Cost per unit must be greater than or equal to 0']);
    await expectUnchanged(stock, before);
    expectErrors(await createReply(stock, { quantity: 'many' }), 400, ['Quantity is not a number']);
    await expectUnchanged(stock, before);
  });

  it('refuses a fractional quantity in a unit of measure counted whole (400), takes it in a fractional one', async () => {
    const stock = await stockSetting(target);
    const kept = idOf(await addUnit(stock));
    const before = await snapshot(stock, [kept]);
    expectErrors(await createReply(stock, { unit_id: String(stock.whole.id), quantity: '2.5' }), 400, [
      `Quantity must be a whole number: ${stock.whole.name} is counted in whole units`,
    ]);
    await expectUnchanged(stock, before);
    const whole = expectUnit(await createReply(stock, { unit_id: String(stock.whole.id), quantity: '2' }));
    expect(whole).toMatchObject({ quantity: '2.0', unit: stock.whole.name });
    const fractional = expectUnit(await createReply(stock, { quantity: '2.5' }));
    expect(fractional).toMatchObject({ quantity: '2.5', quantity_available: '2.5', unit: stock.measure.name });
    expect((await listingOf(target, stock.partId)).map((u) => [u.quantity, u.unit_id])).toEqual([
      ['10.0', String(stock.measure.id)],
      ['2.0', String(stock.whole.id)],
      ['2.5', String(stock.measure.id)],
    ]);
  });

  it('generates distinct A-and-seven-digit asset ids with generate_asset_id=true, and only with true', async () => {
    const stock = await stockSetting(target);
    const first = expectUnit(await createReply(stock, { generate_asset_id: 'true' }));
    const second = expectUnit(await createReply(stock, { generate_asset_id: 'true' }));
    expect(first.asset_id).toMatch(ASSET_ID);
    expect(second.asset_id).toMatch(ASSET_ID);
    expect(second.asset_id).not.toBe(first.asset_id);
    expect((await showUnit(target, stock.partId, idOf(first))).asset_id).toBe(first.asset_id);
    for (const value of ['false', '1', 'yes']) {
      expect(expectUnit(await createReply(stock, { generate_asset_id: value })).asset_id, value).toBeNull();
    }
    const chosen = unique('HAND');
    expect(expectUnit(await createReply(stock, { generate_asset_id: 'true', asset_id: chosen })).asset_id).toBe(chosen);
  });

  it('skips generated numbers a client already chose by hand', async () => {
    const stock = await stockSetting(target);
    const number = (assetId: unknown) => Number(String(assetId).slice(1));
    const assetId = (n: number) => `A${String(n).padStart(7, '0')}`;
    const last = number(expectUnit(await createReply(stock, { generate_asset_id: 'true' })).asset_id);
    const chosen = [assetId(last + 1), assetId(last + 2)];
    for (const id of chosen) expect(expectUnit(await createReply(stock, { asset_id: id })).asset_id).toBe(id);
    const next = expectUnit(await createReply(stock, { generate_asset_id: 'true' }));
    expect(next.asset_id).toMatch(ASSET_ID);
    expect(chosen).not.toContain(next.asset_id);
    expect(number(next.asset_id)).toBeGreaterThan(last + 2);
  });

  it('refuses an asset id already taken, by any part, with 400 Asset ID must be unique.; nothing is created', async () => {
    const stock = await stockSetting(target);
    const other = await stock.addPart();
    const assetId = unique('TAKEN');
    const owner = await addUnit(stock, { asset_id: assetId }, { partId: idOf(other) });
    const generated = expectUnit(await createReply(stock, { generate_asset_id: 'true' }));
    const before = await snapshot(stock, [idOf(generated), { partId: idOf(other), unitId: idOf(owner) }]);
    expectErrors(await createReply(stock, { asset_id: assetId }), 400, ['Asset ID must be unique.']);
    await expectUnchanged(stock, before);
    expectErrors(await createReply(stock, { asset_id: generated.asset_id as string }), 400, ['Asset ID must be unique.']);
    await expectUnchanged(stock, before);
  });

  it('refuses a serial number with a quantity other than 1 (400); takes it with 1', async () => {
    const stock = await stockSetting(target);
    const kept = idOf(await addUnit(stock));
    const before = await snapshot(stock, [kept]);
    for (const quantity of ['2', '0', '0.5']) {
      expectErrors(await createReply(stock, { serial_number: 'SN-1', quantity }), 400, ['Serial number needs a quantity of exactly 1']);
      await expectUnchanged(stock, before);
    }
    const serial = expectUnit(await createReply(stock, { serial_number: 'SN-1', quantity: '1' }));
    expect(serial).toEqual(unitExpected(stock, { quantity: '1.0', serial_number: 'SN-1' }));
  });

  it('shows a unit only under its own part: another part’s unit and an unknown id are 404', async () => {
    const stock = await stockSetting(target);
    const other = await stock.addPart();
    const theirs = idOf(await addUnit(stock, {}, { partId: idOf(other) }));
    const ours = idOf(await addUnit(stock));
    expectNotFound(await get(target, unitPath(stock.partId, theirs)), 'InventoryUnit', theirs);
    expectNotFound(await get(target, unitPath(idOf(other), ours)), 'InventoryUnit', ours);
    expectNotFound(await get(target, unitPath(stock.partId, UNKNOWN_ID)), 'InventoryUnit', UNKNOWN_ID);
    // A path naming no part says so first, as every route under a part does.
    expectMessage(await get(target, unitPath(UNKNOWN_ID, ours)), 404, `Couldn't find Part with 'id'=${UNKNOWN_ID}`);
    const shown: Rec = await showUnit(target, idOf(other), theirs);
    expect(shown.id).toBe(String(theirs));
  });
});
