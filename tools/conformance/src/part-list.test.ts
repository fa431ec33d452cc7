import { describe, expect, it } from 'vitest';
import { get, put, xmlBody } from './client';
import { expectMessage, expectStatus, idOf, type Rec } from './expect-xml';
import { createPart, expectPartList, listParts, pagination, partSetting, readPart } from './part-fixtures';
import type { Target } from './targets';
import { targets } from './suite';

/** `filter[updated_on][gte]=…` with the key's brackets and the value's `+` and `:` encoded (SPEC 4.6 rule 2). */
const since = (iso: string) => `${encodeURIComponent('filter[updated_on][gte]')}=${encodeURIComponent(iso)}`;
/** TS-SPACE in UTC (`2016-01-24 20:11:47 +0000`) as ISO 8601. */
const isoOf = (space: unknown) => String(space).replace(' ', 'T').replace(' +0000', '+00:00');
const ids = (parts: readonly Rec[]) => parts.map((part) => Number(part.id));

async function page(target: Target, query: string) {
  const reply = await get(target, '/part', { query });
  return { items: ids(expectPartList(reply)), header: pagination(reply) };
}

describe.each(targets())('part list on $name', (target) => {
  it('is parts (type="array") of the list form, with the active revision and its copies', async () => {
    const setting = await partSetting(target);
    const created = await createPart(
      target,
      setting,
      { value_text: '100n', x_outsourced: 'false' },
      { revision_name: 'A', description: 'Cap 100 nF', comment: 'c0g', rohs: 'true', x_package: '0603' },
    );
    const reply = await get(target, '/part');
    expectStatus(reply, 200);
    expect(reply.headers.get('x-pagination')).toBeNull();
    const item = expectPartList(reply).find((part) => part.id === created.id) as Rec;
    expect(item).toMatchObject({ comment: 'c0g', description: 'Cap 100 nF', rohs: 'true', value: '1.0e-07', x_outsourced: 'false' });
    expect(item.x_outsourcing_location).toBeNull();
    expect(item.active_revision).toEqual(created.revision);
    expect(item.part_visibility_set).toEqual(created.part_visibility_set);
    const scalars = Object.keys(item).filter((key) => !['comment', 'description', 'rohs', 'active_revision'].includes(key));
    for (const key of scalars) expect(item[key], key).toEqual(created[key]);
  });

  describe('pages', () => {
    it('page through the whole list in id order, X-Pagination in step', async () => {
      const setting = await partSetting(target);
      for (let i = 0; i < 5; i++) await createPart(target, setting);
      const all = ids(await listParts(target));
      const totalPages = Math.ceil(all.length / 2);
      expect(totalPages).toBeGreaterThanOrEqual(3);

      const first = await page(target, 'page=1&per_page=2');
      expect(first.items).toEqual(all.slice(0, 2));
      expect(first.header).toEqual({
        total_entries: all.length,
        total_pages: totalPages,
        per_page: 2,
        current_page: 1,
        first_page: true,
        last_page: false,
        previous_page: null,
        next_page: 2,
        out_of_range: false,
      });

      const middle = await page(target, 'page=2&per_page=2');
      expect(middle.items).toEqual(all.slice(2, 4));
      expect(middle.header).toMatchObject({ current_page: 2, first_page: false, last_page: false, previous_page: 1, next_page: 3 });

      const last = await page(target, `page=${totalPages}&per_page=2`);
      expect(last.items).toEqual(all.slice((totalPages - 1) * 2));
      expect(last.header).toMatchObject({ last_page: true, previous_page: totalPages - 1, next_page: null, out_of_range: false });

      const beyond = await page(target, `page=${totalPages + 1}&per_page=2`);
      expect(beyond.items).toEqual([]);
      expect(beyond.header).toMatchObject({
        current_page: totalPages + 1,
        first_page: false,
        last_page: false,
        previous_page: totalPages,
        next_page: null,
        out_of_range: true,
      });
    });

    it('hold 25 parts unless asked, 1000 at the most; per_page 0 counts as absent', async () => {
      const all = ids(await listParts(target));
      const byDefault = await page(target, 'page=1');
      expect(byDefault.header).toMatchObject({ per_page: 25, total_entries: all.length });
      expect(byDefault.items).toEqual(all.slice(0, 25));
      expect((await page(target, 'page=1&per_page=0')).header.per_page).toBe(25);
      for (const perPage of ['1000', '1001', '100000']) {
        const capped = await page(target, `per_page=${perPage}`);
        expect(capped.header).toMatchObject({ per_page: 1000, current_page: 1 });
        expect(capped.items).toEqual(all.slice(0, 1000));
      }
      const whole = await get(target, '/part', { query: 'per_page=0' });
      expect(ids(expectPartList(whole))).toEqual(all);
      expect(whole.headers.get('x-pagination')).toBeNull();
    });

    it.each([
      ['page=0', 'page', 1],
      ['page=-1', 'page', 1],
      ['page=abc', 'page', 1],
      ['page=1.5', 'page', 1],
      ['per_page=-1', 'per_page', 0],
      ['per_page=ten', 'per_page', 0],
    ])('refuse %s with 400 naming the parameter', async (query, name, min) => {
      expectMessage(await get(target, '/part', { query }), 400, `Invalid value for parameter ${name}: a whole number of ${min} or more`);
    });
  });

  describe('filter[updated_on][gte]', () => {
    it('keeps parts updated at or after the instant, with or without a page', async () => {
      const setting = await partSetting(target);
      const part = await createPart(target, setting);
      const id = idOf(part);
      const at = isoOf(part.updated_on);
      const found = await listParts(target, since(at));
      expect(ids(found)).toContain(id);
      for (const other of found) expect(new Date(isoOf(other.updated_on)).getTime()).toBeGreaterThanOrEqual(new Date(at).getTime());
      expect(ids(await listParts(target, since('2999-01-01T00:00:00+00:00')))).toEqual([]);
      const paged = await page(target, `${since(at)}&per_page=1`);
      expect(paged.header.total_entries).toBe(found.length);
      expect(paged.items).toEqual(ids(found).slice(0, 1));
    });

    it('finds a part again once an update touches it', async () => {
      const setting = await partSetting(target);
      const part = await createPart(target, setting);
      const id = idOf(part);
      const updated = await put(target, `/part/${id}`, { body: xmlBody('part', { reorder_quantity: '10' }) });
      expectStatus(updated, 200);
      const after = await readPart(target, id);
      expect(ids(await listParts(target, since(isoOf(after.updated_on))))).toContain(id);
    });

    it.each([
      [`${encodeURIComponent('filter[updated_on][gte]')}=yesterday`],
      [`${encodeURIComponent('filter[updated_on][gte]')}=2024-01-31`],
      // `+` not encoded as %2B arrives as a space.
      [`${encodeURIComponent('filter[updated_on][gte]')}=2024-01-31T12:00:00+00:00`],
      [`${encodeURIComponent('filter[updated_on][gte]')}=2024-13-31T12:00:00Z`],
    ])('refuses a value that is no ISO 8601 timestamp (%s) with 400', async (query) => {
      const message =
        'filter[updated_on][gte] must be an ISO 8601 timestamp with its offset, such as 2024-01-31T12:00:00+00:00 (send + as %2B)';
      expectMessage(await get(target, '/part', { query }), 400, message);
    });

    it('refuses another operator or field with 400 naming it', async () => {
      const value = encodeURIComponent('2024-01-31T12:00:00+00:00');
      for (const [key, named] of [
        ['filter[updated_on][lt]', 'filter[updated_on][lt]'],
        ['filter[updated_on][lte]', 'filter[updated_on][lte]'],
        ['filter[created_on][gte]', 'filter[created_on]'],
        ['filter[updated_on]', 'filter[updated_on]'],
      ] as const) {
        const reply = await get(target, '/part', { query: `${encodeURIComponent(key)}=${value}` });
        expectMessage(reply, 400, `Unsupported filter ${named}: parts are filtered by filter[updated_on][gte] only`);
      }
    });
  });
});
