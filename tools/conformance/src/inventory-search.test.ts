import { describe, expect, it } from 'vitest';
import { get, post, unique, xmlBody, type XmlValue } from './client';
import { expectList, expectMessage, idOf, type Rec } from './expect-xml';
import { create } from './fixtures';
import { createPart, pagination, partSetting } from './part-fixtures';
import type { Target } from './targets';
import { targets } from './suite';

/** DESIGN 3: a search item's fields, in order. */
const SEARCHED_UNIT = [
  'id', 'part_id', 'inventory_sublocation_id', 'unit_id', 'sublocation_bin', 'bin', 'quantity', 'quantity_available', 'cost_per_unit',
  'unit', 'currency', 'inventory_location', 'asset_id', 'serial_number', 'lot_code', 'datecode', 'details', 'purchase_order_number',
  'purchase_quantity', 'purchase_price', 'vendor', 'created_at', 'updated_at',
];

/** Three units of two fresh parts, every text field carrying `tag` (unique to this test) in a different way. */
async function stock(target: Target) {
  const tag = unique('srch').replace(/-/g, '');
  const setting = await partSetting(target);
  const [plain, numbered] = [await createPart(target, setting), await createPart(target, setting, { partnumber: `PN${tag}X` })];
  const location = await create(target, 'inventory_location', { name: unique('store'), shortname: 'ST' },
    '<inventory_sublocations type="array"><inventory_sublocation><name>Shelf</name><has_bins>true</has_bins></inventory_sublocation></inventory_sublocations>');
  const shelf = (location.inventory_sublocation as Rec[] | Rec);
  const sublocation = idOf(Array.isArray(shelf) ? shelf[0]! : shelf);
  const add = async (part: Rec, fields: Record<string, XmlValue>) => {
    const body = xmlBody('inventory_unit', { inventory_sublocation_id: sublocation, unit_id: setting.unitId, quantity: 1, ...fields });
    const reply = await post(target, `/parts/${idOf(part)}/inventory_units`, { body });
    expect(reply.status, reply.text).toBe(200);
    return idOf(reply.xml!.inventory_unit as Rec);
  };
  const ids = {
    lot: await add(plain, { lot_code: `lot-${tag}-a`, details: 'taped' }),
    serial: await add(plain, { serial_number: `SN-${tag.toUpperCase()}` }),
    numbered: await add(numbered, { sublocation_bin: 'B1' }),
  };
  return { tag, ids, partId: idOf(numbered) };
}

describe.each(targets())('inventory unit search, on $name', (target) => {
  const search = async (query: string) => {
    const reply = await get(target, '/inventory_units/search', { query });
    return { units: expectList(reply, 'inventory_units', 'inventory_unit', SEARCHED_UNIT), pagination: pagination(reply) };
  };
  const idsOf = (units: Rec[]) => units.map(idOf);

  it('finds a term in any text field or the part number, case-insensitively, OR-ing the triples, in id order', async () => {
    const { tag, ids, partId } = await stock(target);
    expect(idsOf((await search(`term0=${tag}`)).units)).toEqual([ids.lot, ids.serial, ids.numbered]);
    expect(idsOf((await search(`field0=lot_code&term0=${tag.toUpperCase()}`)).units)).toEqual([ids.lot]);
    const either = await search(`field0=serial_number&comparison0=starts_with&term0=sn-${tag}&field1=partnumber&comparison1=ends_with&term1=${tag}x`);
    expect(idsOf(either.units)).toEqual([ids.serial, ids.numbered]);
    const found = either.units[1]!;
    expect(found).toMatchObject({ part_id: String(partId), sublocation_bin: 'B1', bin: 'B1', quantity: '1.0', quantity_available: '1.0' });
    expect(found.inventory_location).toBe('ST - Shelf - B1');
    expect(idsOf((await search(`field0=partnumber&comparison0=equals&term0=pn${tag}x`)).units)).toEqual([ids.numbered]);
    expect(idsOf((await search(`field0=partnumber&comparison0=equals&term0=pn${tag}`)).units)).toEqual([]);
  });

  it('pages with X-Pagination, 25 unless asked', async () => {
    const { tag, ids } = await stock(target);
    const first = await search(`term0=${tag}&per_page=2`);
    expect(idsOf(first.units)).toEqual([ids.lot, ids.serial]);
    expect(first.pagination).toMatchObject({ total_entries: 3, total_pages: 2, per_page: 2, current_page: 1, next_page: 2 });
    const second = await search(`term0=${tag}&per_page=2&page=2`);
    expect([idsOf(second.units), second.pagination.last_page]).toEqual([[ids.numbered], true]);
    expect((await search(`term0=${tag}`)).pagination).toMatchObject({ per_page: 25, total_entries: 3 });
    const none = await search(`term0=${tag}nothing`);
    expect([none.units, none.pagination.out_of_range]).toEqual([[], true]);
  });

  it('refuses an unknown field or comparison (400), naming the parameter', async () => {
    expectMessage(
      await get(target, '/inventory_units/search', { query: 'field0=quantity&term0=1' }),
      400,
      'Invalid value for parameter field0: quantity is not a field the search knows',
    );
    expectMessage(
      await get(target, '/inventory_units/search', { query: 'term0=a&comparison1=like&term1=b' }),
      400,
      'Invalid value for parameter comparison1: like is not one of contains, equals, starts_with, ends_with',
    );
  });
});
