import { describe, expect, it } from 'vitest';
import { get, unique } from './client';
import { expectMessage, expectStatus, idOf, many } from './expect-xml';
import { addUnit, stockSetting } from './inventory-fixtures';
import { pagination } from './part-fixtures';
import { targets } from './suite';
import type { Target } from './targets';

// No search term is passed over in silence (docs/decisions.md, "Inventory units"): every index is
// read, from 0 or 1, past gaps; anything spelled like a search parameter that is not a right one is
// a 400. A term dropped used to widen the answer to every unit, so each case checks exactly which
// units come back.

const BAD_KEY = (key: string) =>
  `Invalid parameter ${key}: the search reads fieldN, comparisonN and termN, N a whole number written without leading zeros (0, 1, 2, …)`;
const UNKNOWN_FIELD = (parameter: string, value: string) => `Invalid value for parameter ${parameter}: ${value} is not a field the search knows`;
const UNKNOWN_COMPARISON = (parameter: string, value: string) =>
  `Invalid value for parameter ${parameter}: ${value} is not one of contains, equals, starts_with, ends_with`;

/** Three units whose lot codes, serial numbers and details carry a tag of this test's own. */
async function tagged(target: Target) {
  const stock = await stockSetting(target);
  const tag = unique('sq').replace(/-/g, '');
  const ids = {
    lot: idOf(await addUnit(stock, { lot_code: `lot-${tag}`, quantity: '1' })),
    serial: idOf(await addUnit(stock, { serial_number: `sn-${tag}`, quantity: '1' })),
    details: idOf(await addUnit(stock, { details: `about ${tag}` })),
  };
  return { tag, ids };
}

describe.each(targets())('the inventory search reads every term it is given, on $name', (target) => {
  const found = async (query: string) => {
    const reply = await get(target, '/inventory_units/search', { query });
    expectStatus(reply, 200);
    return { units: many(reply.xml?.inventory_units).map(idOf), total: pagination(reply).total_entries };
  };
  const refused = async (query: string, message: string) => expectMessage(await get(target, '/inventory_units/search', { query }), 400, message);

  it('reads triples numbered from 1: the filtered units, not every unit', async () => {
    const { tag, ids } = await tagged(target);
    expect(await found(`field1=lot_code&comparison1=starts_with&term1=LOT-${tag}`)).toEqual({ units: [ids.lot], total: 1 });
    expect(await found(`term1=ABOUT%20${tag}&comparison1=starts_with`)).toEqual({ units: [ids.details], total: 1 });
  });

  it('reads every triple past a gap, OR-ing them, in any key order', async () => {
    const { tag, ids } = await tagged(target);
    expect(await found(`field0=lot_code&term0=lot-${tag}&field3=serial_number&comparison3=equals&term3=SN-${tag}`)).toEqual({
      units: [ids.lot, ids.serial],
      total: 2,
    });
    expect(await found(`term12=about%20${tag}&field12=details&field2=serial_number&term2=sn-${tag}`)).toEqual({
      units: [ids.serial, ids.details],
      total: 2,
    });
  });

  it('refuses an unknown field or comparison at any index, with a term or without (400)', async () => {
    const { tag } = await tagged(target);
    await refused(`field3=bogus&comparison3=bogus`, UNKNOWN_FIELD('field3', 'bogus'));
    await refused(`term0=${tag}&comparison3=bogus`, UNKNOWN_COMPARISON('comparison3', 'bogus'));
    await refused(`term1=${tag}&field1=quantity`, UNKNOWN_FIELD('field1', 'quantity'));
    await refused(`term0=${tag}&field25=vendor&comparison25=like&term25=x`, UNKNOWN_COMPARISON('comparison25', 'like'));
  });

  it('refuses a key spelled like a search parameter that is not one, and a list where text goes (400)', async () => {
    const { tag } = await tagged(target);
    for (const key of ['term', 'Term1', 'term01', 'FIELD0']) await refused(`${key}=${tag}`, BAD_KEY(key));
    await refused(`term0[]=${tag}&term0[]=x`, `Invalid value for parameter term0: text, not a list or a hash`);
  });
});
