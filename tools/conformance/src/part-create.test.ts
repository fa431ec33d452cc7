import { describe, expect, it } from 'vitest';
import { formBody, post, unique, xmlBody } from './client';
import { INTEGER, TS_SPACE, expectErrors, expectNestedArray, idOf } from './expect-xml';
import { createVendor, read } from './fixtures';
import {
  childOf,
  createPart,
  expectPartShow,
  listParts,
  partBody,
  partSetting,
  readPart,
  revisionXml,
  type PartSetting,
} from './part-fixtures';
import { SHOW_GROUPS, partForms } from './part-forms';
import type { Target } from './targets';
import { targets } from './suite';

/** No part carries `marker` as its manufacturer_pn: what a refused create must leave behind. */
async function expectNoPart(target: Target, marker: string): Promise<void> {
  const parts = await listParts(target);
  expect(parts.filter((part) => part.manufacturer_pn === marker)).toEqual([]);
}

describe.each(targets())('part create on $name', (target) => {
  let setting: PartSetting;
  const body = (fields: Record<string, string | number | null> = {}, revision?: Record<string, string | null>, tail = '') =>
    partBody(setting, fields, revision, tail);

  it('answers the show form with the first revision, a draft by the caller, active', async () => {
    setting = await partSetting(target);
    const mpn = unique('mpn');
    const reply = await post(target, '/part', { body: body({ manufacturer_pn: mpn }, { revision_name: 'A' }) });
    const part = expectPartShow(reply);
    expect(part).toMatchObject({
      manufacturer_pn: mpn,
      manufacturer_id: String(setting.manufacturerId),
      parttype_id: String(setting.parttypeId),
      unit_id: String(setting.unitId),
      value: null,
      value_text: null,
      inventory_price: null,
      estimated_cost: null,
      estimated_cost_currency: 'USD',
      reorder_quantity: null,
      inventory_maximum: null,
      preferred_vendor_id: null,
      manufactured_here: 'false',
    });
    expect(part.created_on).toMatch(TS_SPACE);
    expect(part.updated_on).toMatch(TS_SPACE);
    const revision = part.revision as Record<string, unknown>;
    expect(revision).toMatchObject({ revision_name: 'A', status: 'Draft', released_at: null, releasor_id: null, rohs: null });
    expect(revision.creator_id).toMatch(INTEGER);
    for (const group of SHOW_GROUPS) {
      expect(childOf(reply, group).attributes.type, group).toBe('array');
      expect(part[group], group).toEqual([]);
    }
    expect(part.part_visibility_set).toEqual({ id: null, name: null, description: null, short_name: null, position: null });
    expect((part.manufacturer_family as Record<string, unknown>).id).toBe(String(setting.manufacturerId));
    expect(await readPart(target, idOf(part))).toEqual(part);
  });

  it('writes every optional field back', async () => {
    setting = await partSetting(target);
    const vendor = idOf(await createVendor(target));
    const partnumber = unique('PN');
    const reply = await post(target, '/part', {
      body: body(
        {
          partnumber,
          preferred_vendor_id: vendor,
          value_text: '4.7 k',
          inventory_price: '0.0100',
          estimated_cost: '2',
          estimated_cost_currency: 'eur',
          reorder_quantity: '5000',
          inventory_maximum: '20000.5',
          manufactured_here: 'true',
          x_outsourced: 'true',
          x_outsourcing_location: 'Penang',
        },
        { revision_name: 'B', revision_description: 'first cut', description: 'Resistor 4k7', comment: 'from datasheet', rohs: 'true' },
      ),
    });
    const part = expectPartShow(reply, [], true);
    expect(part).toMatchObject({
      partnumber,
      preferred_vendor_id: String(vendor),
      value: '4700.0',
      value_text: '4.7 k',
      inventory_price: '0.01',
      estimated_cost: '2.0',
      estimated_cost_currency: 'EUR',
      reorder_quantity: '5000.0',
      inventory_maximum: '20000.5',
      manufactured_here: 'true',
      x_outsourced: 'true',
      x_outsourcing_location: 'Penang',
    });
    expect(part.revision).toMatchObject({
      revision_name: 'B',
      revision_description: 'first cut',
      description: 'Resistor 4k7',
      comment: 'from datasheet',
      rohs: 'true',
    });
    expect(await readPart(target, idOf(part))).toEqual(part);
  });

  it('keeps custom attributes in the order sent, x_mass and x_power with value_text, x_packaging on the revision', async () => {
    setting = await partSetting(target);
    const revision = {
      revision_name: 'A',
      x_tolerance: '1%',
      x_mass: '1.5 g',
      'x_temperature-characteristic': 'X7R',
      x_power: '250 mW',
      x_link: '',
    };
    const reply = await post(target, '/part', { body: body({ x_packaging: 'Reel' }, revision) });
    const attributes = ['x_tolerance', 'x_mass', 'x_temperature-characteristic', 'x_power', 'x_link', 'x_packaging'];
    const part = expectPartShow(reply, attributes);
    expect(part.revision).toMatchObject({
      x_tolerance: '1%',
      x_mass: '1.5',
      'x_temperature-characteristic': 'X7R',
      x_power: '0.25',
      x_link: null,
      x_packaging: 'Reel',
    });
    const written = childOf(reply, 'revision').children;
    expect(written.find((c) => c.name === 'x_mass')?.attributes).toEqual({ value_text: '1.5 g' });
    expect(written.find((c) => c.name === 'x_power')?.attributes).toEqual({ value_text: '250 mW' });
    expect(reply.text).toContain('<x_mass value_text="1.5 g">1.5</x_mass>');
  });

  it.each([
    ['4700', '4700.0'],
    ['4k7', '4700.0'],
    ['4.7k', '4700.0'],
    ['100 nF', '1.0e-07'],
    ['47pF', '4.7e-11'],
    ['10u', '1.0e-05'],
    ['0.1m', '0.0001'],
    ['2.2 µH', '2.2e-06'],
    ['1G', '1000000000.0'],
    ['10 T', '10000000000000.0'],
  ])('derives value from value_text %j as %s', async (valueText, value) => {
    setting ??= await partSetting(target);
    const part = await createPart(target, setting, { value_text: valueText });
    expect(part).toMatchObject({ value_text: valueText, value });
  });

  it('reads alternate parts with or without type="array", one child or many', async () => {
    setting = await partSetting(target);
    const a = idOf(await createPart(target, setting));
    const b = idOf(await createPart(target, setting));
    const item = (id: number, quality: number) =>
      `<alternate_part><part_id>${id}</part_id><comment>fits ${id}</comment><quality>${quality}</quality></alternate_part>`;
    for (const tail of [
      `<alternate_parts type="array">${item(a, 1)}${item(b, 2)}</alternate_parts>`,
      `<alternate_parts>${item(a, 1)}${item(b, 2)}</alternate_parts>`,
    ]) {
      const reply = await post(target, '/part', { body: body({}, { revision_name: 'A' }, tail) });
      expectPartShow(reply);
      const alternates = expectNestedArray(reply, 'alternate_parts', 'alternate_part', partForms.alternatePart);
      expect(alternates).toEqual([
        { part_id: String(a), comment: `fits ${a}`, quality: '1' },
        { part_id: String(b), comment: `fits ${b}`, quality: '2' },
      ]);
    }
    const single = item(a, 3);
    for (const tail of [`<alternate_parts type="array">${single}</alternate_parts>`, `<alternate_parts>${single}</alternate_parts>`]) {
      const reply = await post(target, '/part', { body: body({}, { revision_name: 'A' }, tail) });
      expectPartShow(reply);
      expect(expectNestedArray(reply, 'alternate_parts', 'alternate_part', partForms.alternatePart)).toEqual([
        { part_id: String(a), comment: `fits ${a}`, quality: '3' },
      ]);
    }
  });

  it('reads the whole list of alternates sent once for each of them as that list: exactly the alternates listed', async () => {
    setting = await partSetting(target);
    const ids = [idOf(await createPart(target, setting)), idOf(await createPart(target, setting)), idOf(await createPart(target, setting))];
    const item = (id: number) => `<alternate_part><part_id>${id}</part_id><comment>fits ${id}</comment></alternate_part>`;
    const listed = ids.map((id) => ({ part_id: String(id), comment: `fits ${id}`, quality: null }));
    for (const typed of ['', ' type="array"']) {
      const block = `<alternate_parts${typed}>${ids.map(item).join('')}</alternate_parts>`;
      const reply = await post(target, '/part', { body: body({}, { revision_name: 'A' }, ids.map(() => block).join('')) });
      expectPartShow(reply);
      expect(expectNestedArray(reply, 'alternate_parts', 'alternate_part', partForms.alternatePart), typed).toEqual(listed);
      expect((await readPart(target, idOf(reply.xml?.part as Record<string, unknown>))).alternate_parts).toEqual(listed);
    }
    // Wrappers each holding some of them are one list; a part listed twice alike is one alternate.
    const split = `<alternate_parts>${item(ids[0]!)}${item(ids[1]!)}</alternate_parts><alternate_parts type="array">${item(ids[1]!)}${item(ids[2]!)}</alternate_parts>`;
    const reply = await post(target, '/part', { body: body({}, { revision_name: 'A' }, split) });
    expectPartShow(reply);
    expect(expectNestedArray(reply, 'alternate_parts', 'alternate_part', partForms.alternatePart)).toEqual(listed);
  });

  it('reads alternates sent twice in a form body as each part once', async () => {
    setting = await partSetting(target);
    const [a, b] = [idOf(await createPart(target, setting)), idOf(await createPart(target, setting))];
    const mpn = unique('mpn');
    const alternates = [a, b, a, b].map((id) => `${encodeURIComponent('part[alternate_parts][][part_id]')}=${id}`);
    const form = [
      formBody('part', { manufacturer_pn: mpn, manufacturer_id: setting.manufacturerId, parttype_id: setting.parttypeId, unit_id: setting.unitId }),
      `${encodeURIComponent('part[revision][revision_name]')}=A`,
      ...alternates,
    ].join('&');
    const reply = await post(target, '/part', { form });
    expectPartShow(reply);
    expect(expectNestedArray(reply, 'alternate_parts', 'alternate_part', partForms.alternatePart).map((x) => x.part_id)).toEqual([String(a), String(b)]);
  });

  it('reads a form body with Rails bracket keys', async () => {
    setting = await partSetting(target);
    const mpn = unique('mpn');
    const form = [
      formBody('part', { manufacturer_pn: mpn, manufacturer_id: setting.manufacturerId, parttype_id: setting.parttypeId }),
      formBody('part', { unit_id: setting.unitId, value_text: '10k' }),
      `${encodeURIComponent('part[revision][revision_name]')}=A`,
      `${encodeURIComponent('part[revision][x_package]')}=0402`,
    ].join('&');
    const part = expectPartShow(await post(target, '/part', { form }), ['x_package']);
    expect(part).toMatchObject({ manufacturer_pn: mpn, value: '10000.0' });
    expect(part.revision).toMatchObject({ revision_name: 'A', x_package: '0402' });
  });

  describe('part numbers', () => {
    it("are the part type's key and part_next padded to 6 digits, and part_next advances", async () => {
      const key = `K${unique('').replace(/-/g, '')}-`;
      setting = await partSetting(target, { partnumber_key: key, part_next: '41' });
      expect((await createPart(target, setting)).partnumber).toBe(`${key}000041`);
      expect((await createPart(target, setting)).partnumber).toBe(`${key}000042`);
      expect((await read(target, 'parttype', setting.parttypeId)).part_next).toBe('43');
    });

    it('skip a number a hand-given part already holds', async () => {
      const key = `K${unique('').replace(/-/g, '')}-`;
      setting = await partSetting(target, { partnumber_key: key });
      await createPart(target, setting, { partnumber: `${key}000001` });
      await createPart(target, setting, { partnumber: `${key}000002` });
      expect((await createPart(target, setting)).partnumber).toBe(`${key}000003`);
    });

    it('come from the site-wide six-digit sequence for a type without a key', async () => {
      setting = await partSetting(target);
      const first = String((await createPart(target, setting)).partnumber);
      const second = String((await createPart(target, setting)).partnumber);
      expect(first).toMatch(/^\d{6,}$/);
      expect(Number(second)).toBeGreaterThan(Number(first));
    });

    it('are never the same for concurrent creates, with a key or without', async () => {
      const key = `K${unique('').replace(/-/g, '')}-`;
      const keyed = await partSetting(target, { partnumber_key: key });
      const keyless = await partSetting(target);
      const replies = await Promise.all(
        Array.from({ length: 16 }, (_, i) => post(target, '/part', { body: partBody(i % 2 ? keyed : keyless) })),
      );
      const numbers = replies.map((reply) => {
        expect(reply.status, reply.text).toBe(200);
        return String((reply.xml?.part as Record<string, unknown>).partnumber);
      });
      expect(new Set(numbers).size).toBe(16);
      expect(numbers.filter((n) => n.startsWith(key)).sort()).toEqual(
        Array.from({ length: 8 }, (_, i) => `${key}${String(i + 1).padStart(6, '0')}`),
      );
      expect(numbers.filter((n) => !n.startsWith(key)).every((n) => /^\d{6,}$/.test(n))).toBe(true);
    });

    it('given by hand are unique: 400 and nothing created', async () => {
      setting = await partSetting(target);
      const partnumber = unique('PN');
      await createPart(target, setting, { partnumber });
      const marker = unique('mpn');
      expectErrors(await post(target, '/part', { body: body({ partnumber, manufacturer_pn: marker }) }), 400, [
        'Partnumber has already been taken',
      ]);
      await expectNoPart(target, marker);
    });
  });

  describe('refusals (400, nothing created)', () => {
    it('names every missing required field at once', async () => {
      const marker = unique('mpn');
      expectErrors(await post(target, '/part', { body: xmlBody('part', { x_outsourcing_location: marker }) }), 400, [
        "Manufacturer pn can't be blank",
        "Manufacturer can't be blank",
        "Parttype can't be blank",
        "Unit can't be blank",
        "Revision can't be blank",
      ]);
      expectErrors(await post(target, '/part', {}), 400, [
        "Manufacturer pn can't be blank",
        "Manufacturer can't be blank",
        "Parttype can't be blank",
        "Unit can't be blank",
        "Revision can't be blank",
      ]);
      const parts = await listParts(target);
      expect(parts.filter((part) => part.x_outsourcing_location === marker)).toEqual([]);
    });

    it('refuses a revision without a name, or one that is not a hash', async () => {
      setting = await partSetting(target);
      const marker = unique('mpn');
      expectErrors(await post(target, '/part', { body: body({ manufacturer_pn: marker }, { revision_description: 'x' }) }), 400, [
        "Revision name can't be blank",
      ]);
      const textRevision = xmlBody('part', {
        manufacturer_pn: marker,
        manufacturer_id: setting.manufacturerId,
        parttype_id: setting.parttypeId,
        unit_id: setting.unitId,
        revision: 'A',
      });
      expectErrors(await post(target, '/part', { body: textRevision }), 400, ['Revision must be a hash of fields']);
      await expectNoPart(target, marker);
    });

    it('refuses value, an unreadable value_text and malformed fields together', async () => {
      setting = await partSetting(target);
      const marker = unique('mpn');
      const reply = await post(target, '/part', {
        body: body({
          manufacturer_pn: marker,
          value: '4700',
          value_text: 'about four k',
          unit_id: 'one',
          inventory_price: '-1',
          manufactured_here: 'maybe',
          estimated_cost_currency: 'XYZ',
        }),
      });
      expectErrors(reply, 400, [
        'Unit must be an integer',
        'Inventory price must be greater than or equal to 0',
        'Manufactured here must be true or false',
        'Estimated cost currency is not a known ISO 4217 currency code',
        'Value cannot be set directly; send value_text, a number with an optional SI prefix',
        'Value text must be a number with an optional SI prefix and unit, such as 4.7k, 100 nF or 4k7',
      ]);
      await expectNoPart(target, marker);
    });

    it('refuses records that do not exist as field errors, never 404', async () => {
      setting = await partSetting(target);
      const marker = unique('mpn');
      const missing = 999999999;
      const reply = await post(target, '/part', {
        body: partBody(
          { manufacturerId: missing, parttypeId: missing, unitId: missing },
          { manufacturer_pn: marker, preferred_vendor_id: missing },
          { revision_name: 'A' },
          `<alternate_parts><alternate_part><part_id>${missing}</part_id></alternate_part></alternate_parts>`,
        ),
      });
      expectErrors(reply, 400, [
        'Manufacturer must exist',
        'Parttype must exist',
        'Unit must exist',
        'Preferred vendor must exist',
        'Alternate parts part must exist',
      ]);
      await expectNoPart(target, marker);
    });

    it('refuses an alternate listed twice with different values, or without a part', async () => {
      setting = await partSetting(target);
      const other = idOf(await createPart(target, setting));
      const marker = unique('mpn');
      const item = (quality: number) => `<alternate_part><part_id>${other}</part_id><quality>${quality}</quality></alternate_part>`;
      const alternates = `<alternate_parts>${item(1)}${item(2)}<alternate_part/></alternate_parts>`;
      const reply = await post(target, '/part', { body: body({ manufacturer_pn: marker }, { revision_name: 'A' }, alternates) });
      expectErrors(reply, 400, ["Alternate parts part can't be blank", `Alternate parts part ${other} is listed twice with different values`]);
      await expectNoPart(target, marker);
    });

    it('refuses a parent-only part type', async () => {
      setting = await partSetting(target, { parent_only: 'true' });
      const marker = unique('mpn');
      expectErrors(await post(target, '/part', { body: body({ manufacturer_pn: marker }) }), 400, [
        'Parttype is a parent-only type: choose one of its child types',
      ]);
      await expectNoPart(target, marker);
    });

    it('refuses a body of another root', async () => {
      const reply = await post(target, '/part', { body: `<unit>${revisionXml({ revision_name: 'A' })}</unit>` });
      expect(reply.status).toBe(400);
      expect(reply.text).toContain('Expected the root element &lt;part&gt;');
    });
  });
});
