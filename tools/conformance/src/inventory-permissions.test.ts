import { describe, expect, it } from 'vitest';
import { get, post, put, type Reply } from './client';
import { INTEGER, expectForbidden, expectList, expectMessage, expectNestedArray, idOf, type Rec } from './expect-xml';
import {
  addUnit,
  adjust,
  expectUnchanged,
  expectUnit,
  listingOf,
  recordsOf,
  showUnit,
  snapshot,
  stockSetting,
  unitPath,
  unitXml,
  type Stock,
} from './inventory-fixtures';
import { inventoryForms } from './inventory-forms';
import { expectPartShow } from './part-fixtures';
import { targets } from './suite';

/** Every inventory unit route (the search aside), called on unit `unitId` of the stock's part with `token`. */
function everyRoute(stock: Stock, unitId: number, token: string): Array<[string, () => Promise<Reply>]> {
  const { target, partId, shelves } = stock;
  return [
    ['show', () => get(target, unitPath(partId, unitId), { token })],
    ['update', () => put(target, unitPath(partId, unitId), { token, body: unitXml({ lot_code: 'NOPE' }) })],
    ['adjust', () => adjust(target, partId, unitId, '1', undefined, token)],
    ['adjust by query', () => put(target, unitPath(partId, unitId, 'adjust_quantity'), { token, query: 'inventory_unit%5Bquantity%5D=1' })],
    [
      'create',
      () => post(target, unitPath(partId), { token, body: unitXml({ inventory_sublocation_id: shelves[0].id, unit_id: stock.measure.id, quantity: '1' }) }),
    ],
    ['move', () => put(target, unitPath(partId, unitId, 'move'), { token, body: unitXml({ inventory_sublocation_id: shelves[1].id }) })],
    ['split', () => post(target, unitPath(partId, unitId, 'split'), { token, body: unitXml({ inventory_sublocation_id: shelves[1].id, quantity: '1' }) })],
    ['listing', () => get(target, `/part/${partId}/inventory_units`, { token })],
    ['records', () => get(target, unitPath(partId, unitId, 'inventory_records'), { token })],
  ];
}

/** Part show with `token`: the show form, and its inventory_units group in the in-part form. */
async function partShowUnits(stock: Stock, token: string): Promise<{ part: Rec; units: Rec[] }> {
  const reply = await get(stock.target, `/part/${stock.partId}`, { token });
  const part = expectPartShow(reply, [], false);
  return { part, units: expectNestedArray(reply, 'inventory_units', 'inventory_unit', inventoryForms.inPart) };
}

describe.each(targets())('inventory unit permissions on $name', (target) => {
  it('answers 403 on every inventory unit route to a token without view_inventory, changing nothing', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock, { quantity: '5' }));
    const before = await snapshot(stock, [id]);
    for (const [role, token] of [['none', target.tokens.none], ['manage_data', target.tokens.manageData]] as const) {
      for (const [route, call] of everyRoute(stock, id, token)) {
        const reply = await call();
        expect(reply.status, `${route} with ${role}`).toBe(403);
        expectForbidden(reply, 'Can view inventory');
      }
      await expectUnchanged(stock, before);
    }
  });

  it('answers 403, not 400, to a token without view_inventory whose body is malformed too', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock, { quantity: '5' }));
    const before = await snapshot(stock, [id]);
    const token = target.tokens.none;
    const { partId } = stock;
    const malformed: Array<[string, () => Promise<Reply>]> = [
      ['update', () => put(target, unitPath(partId, id), { token, body: unitXml({ inventory_sublocation_id: 'x' }) })],
      ['adjust', () => put(target, unitPath(partId, id, 'adjust_quantity'), { token, body: unitXml({ quantity: 'lots' }) })],
      ['create', () => post(target, unitPath(partId), { token, body: unitXml({ quantity: '1/2' }) })],
      ['move', () => put(target, unitPath(partId, id, 'move'), { token, body: unitXml({ inventory_sublocation_id: 'nowhere' }) })],
      ['split', () => post(target, unitPath(partId, id, 'split'), { token, body: unitXml({ quantity: 'half' }) })],
    ];
    for (const [route, call] of malformed) {
      const reply = await call();
      expect(reply.status, route).toBe(403);
      expectForbidden(reply, 'Can view inventory');
    }
    await expectUnchanged(stock, before);
  });

  it('answers an unknown token with 401, not 403, on inventory unit routes', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock));
    const before = await snapshot(stock, [id]);
    for (const [route, call] of everyRoute(stock, id, 'not-a-token')) {
      const reply = await call();
      expect(reply.status, route).toBe(401);
      expectMessage(reply, 401, 'Invalid API token');
    }
    await expectUnchanged(stock, before);
  });

  it('lets a token with only view_inventory read and change units; its records name it as creator', async () => {
    const stock = await stockSetting(target);
    const token = target.tokens.viewInventory;
    const id = idOf(await addUnit(stock, { quantity: '5' }, { token }));
    expect(expectUnit(await adjust(target, stock.partId, id, '6', undefined, token)).quantity).toBe('6.0');
    expect(expectUnit(await put(target, unitPath(stock.partId, id), { token, body: unitXml({ lot_code: 'V1' }) })).lot_code).toBe('V1');
    const moved = expectUnit(await put(target, unitPath(stock.partId, id, 'move'), { token, body: unitXml({ inventory_sublocation_id: stock.shelves[1].id }) }));
    expect(moved.inventory_location).toBe(`${stock.location.shortname} - Shelf B`);
    const split = await post(target, unitPath(stock.partId, id, 'split'), { token, body: unitXml({ inventory_sublocation_id: stock.shelves[0].id, quantity: '2' }) });
    const [, made] = expectList(split, 'inventory_units', 'inventory_unit', inventoryForms.unit);
    expect(expectUnit(await get(target, unitPath(stock.partId, id), { token }))).toEqual(await showUnit(target, stock.partId, id));
    expect(expectList(await get(target, `/part/${stock.partId}/inventory_units`, { token }), 'inventory_units', 'inventory_unit', inventoryForms.listed)).toEqual(
      await listingOf(target, stock.partId),
    );
    const records = expectList(
      await get(target, unitPath(stock.partId, id, 'inventory_records'), { token }),
      'inventory_records',
      'inventory_record',
      inventoryForms.record,
    );
    expect(records).toEqual(await recordsOf(target, stock.partId, id));
    expect(records.map((r) => r.record_type)).toEqual(['create', 'adjust', 'move', 'split']);
    const creators = new Set([...records, ...(await recordsOf(target, stock.partId, idOf(made!)))].map((r) => r.creator_id));
    expect(creators.size).toBe(1);
    const [creator] = [...creators];
    expect(creator).toMatch(INTEGER);
    expect(creator).not.toBe(stock.creatorId);
  });

  it('lists the part’s units in part show, in the in-part form, only to a token with view_inventory', async () => {
    const stock = await stockSetting(target);
    const [shelfA, shelfB] = stock.shelves;
    const binned = idOf(await addUnit(stock, { quantity: '4', sublocation_bin: 'A7' }));
    const moved = idOf(await addUnit(stock, { quantity: '2' }));
    expectUnit(await put(target, unitPath(stock.partId, moved, 'move'), { body: unitXml({ inventory_sublocation_id: shelfB.id, sublocation_bin: 'B1' }) }));
    const emptied = idOf(await addUnit(stock, { quantity: '1' }));
    expectUnit(await adjust(target, stock.partId, emptied, '0', { adjustment_type: 'consume' }));
    const inPart = (id: number, quantity: string, shelf: typeof shelfA, bin: string | null) => ({
      id: String(id),
      quantity,
      inventory_location_id: String(stock.location.id),
      inventory_location_name: stock.location.name,
      inventory_sublocation_id: String(shelf.id),
      inventory_sublocation_name: shelf.name,
      sublocation_bin: bin,
      purchase_order_id: null,
    });
    const expected = [inPart(binned, '4.0', shelfA, 'A7'), inPart(moved, '2.0', shelfB, 'B1'), inPart(emptied, '0.0', shelfA, null)];
    const full = await partShowUnits(stock, target.tokens.all);
    expect(full.units).toEqual(expected);
    expect((await partShowUnits(stock, target.tokens.viewInventory)).units).toEqual(expected);
    const { inventory_units: _units, ...rest } = full.part;
    for (const token of [target.tokens.none, target.tokens.manageData]) {
      const blind = await partShowUnits(stock, token);
      expect(blind.units).toEqual([]);
      const { inventory_units: _none, ...blindRest } = blind.part;
      expect(blindRest).toEqual(rest);
    }
  });
});
