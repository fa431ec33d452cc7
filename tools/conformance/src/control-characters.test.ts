import { describe, expect, it } from 'vitest';
import { del, get, post, put, unique } from './client';
import { expectMessage } from './expect-xml';
import { list } from './fixtures';
import { targets } from './suite';

/**
 * Text holds only characters XML 1.0 carries, whatever brings it: an answer could never write a
 * NUL or another control back, and PostgreSQL refuses a NUL outright. So such characters are
 * refused before the store sees them, the same on every engine.
 */
describe.each(targets())('characters XML cannot carry on $name', (target) => {
  const withShortName = (marker: string) => async () =>
    (await list(target, 'manufacturer', 'manufacturers')).filter((m) => m.short_name === marker);

  it('in a form body or a query are a 400 naming the parameters, and nothing is created', async () => {
    const marker = unique('ctl');
    const created = withShortName(marker);
    for (const character of ['%00', '%01', '%1F', '%EF%BF%BF']) {
      const params = `manufacturer%5Bname%5D=${encodeURIComponent(unique('mfr'))}${character}&manufacturer%5Bshort_name%5D=${marker}`;
      expectMessage(await post(target, '/manufacturer', { form: params }), 400, /^Invalid parameters: character not allowed/);
      expectMessage(await post(target, '/manufacturer', { query: params }), 400, /^Invalid parameters: character not allowed/);
    }
    expect(await created()).toEqual([]);
  });

  it('in a search term are a 400', async () => {
    expectMessage(await get(target, '/inventory_units/search', { query: 'term0=a%00b' }), 400, /^Invalid parameters: /);
  });

  it('in a part number the path carries name no part: 404 for every operation, and nothing changes', async () => {
    const notFound = /^Couldn't find Part with 'partnumber'=a\uFFFDb$/;
    const query = 'find_by=partnumber';
    expectMessage(await get(target, '/part/a%00b', { query }), 404, notFound);
    expectMessage(await get(target, '/part/a%00b/inventory_units', { query }), 404, notFound);
    expectMessage(await put(target, '/part/a%00b', { query, body: '<part><description>x</description></part>' }), 404, notFound);
    expectMessage(await del(target, '/part/a%00b', { query }), 404, notFound);
  });
});
