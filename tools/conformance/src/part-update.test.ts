import { describe, expect, it } from 'vitest';
import { get, put, unique, xmlBody, type Reply } from './client';
import { UNKNOWN_ID, expectErrors, expectMessage, expectNestedArray, expectNotFound, idOf, type Rec } from './expect-xml';
import { createPart, expectPartShow, partSetting, readPart, revisionXml } from './part-fixtures';
import { partForms } from './part-forms';
import type { Target } from './targets';
import { targets } from './suite';

const update = (target: Target, path: string, body: string, query?: string) =>
  put(target, path, query === undefined ? { body } : { body, query });
const partXml = (fields: Record<string, string | number | null>, tail = '') => xmlBody('part', fields, tail);

describe.each(targets())('part update on $name', (target) => {
  async function fresh(fields: Record<string, string> = {}, revision: Record<string, string> = { revision_name: 'A' }) {
    return createPart(target, await partSetting(target), fields, revision);
  }

  it('changes the fields sent, answers the show form and keeps the rest', async () => {
    const created = await fresh({ reorder_quantity: '10', inventory_price: '1.5' });
    const id = idOf(created);
    const partnumber = unique('PN');
    const changes = { partnumber, value_text: '2.2u', reorder_quantity: '', manufactured_here: '1' };
    const reply = await update(target, `/part/${id}`, partXml(changes));
    const part = expectPartShow(reply);
    expect(part).toMatchObject({
      partnumber,
      value: '2.2e-06',
      value_text: '2.2u',
      reorder_quantity: null,
      inventory_price: '1.5',
      manufactured_here: 'true',
      manufacturer_pn: created.manufacturer_pn,
    });
    expect(part.created_on).toBe(created.created_on);
    expect(new Date(String(part.updated_on).replace(' +0000', 'Z')).getTime()).toBeGreaterThanOrEqual(
      new Date(String(created.updated_on).replace(' +0000', 'Z')).getTime(),
    );
    expect(await readPart(target, id)).toEqual(part);
    const cleared = expectPartShow(await update(target, `/part/${id}`, partXml({ value_text: '' })));
    expect(cleared).toMatchObject({ value: null, value_text: null });
  });

  it('changes the revision and its custom attributes: set in place, new ones appended in the order sent', async () => {
    const created = await fresh({}, { revision_name: 'A', x_package: '0402', x_tolerance: '1%' });
    const id = idOf(created);
    const revision = revisionXml({ description: 'Now 5%', x_link: 'https://example.com/ds.pdf', x_tolerance: '5%', x_mass: '3 mg' });
    const reply = await update(target, `/part/${id}`, partXml({ x_packaging: 'Tray' }, revision));
    const part = expectPartShow(reply, ['x_package', 'x_tolerance', 'x_link', 'x_mass', 'x_packaging']);
    expect(part.revision).toMatchObject({
      id: (created.revision as Rec).id,
      revision_name: 'A',
      description: 'Now 5%',
      x_package: '0402',
      x_tolerance: '5%',
      x_link: 'https://example.com/ds.pdf',
      x_mass: '0.003',
      x_packaging: 'Tray',
    });
    expect(reply.text).toContain('<x_mass value_text="3 mg">0.003</x_mass>');
    expect(await readPart(target, id)).toEqual(part);
  });

  it('replaces the alternates when sent; an empty list clears them', async () => {
    const setting = await partSetting(target);
    const a = idOf(await createPart(target, setting));
    const b = idOf(await createPart(target, setting));
    const id = idOf(await createPart(target, setting));
    const item = (part: number) => `<alternate_part><part_id>${part}</part_id><quality>1</quality></alternate_part>`;
    const one = await update(target, `/part/${id}`, partXml({}, `<alternate_parts>${item(a)}</alternate_parts>`));
    expectPartShow(one);
    const alternatesIn = (reply: Reply) =>
      expectNestedArray(reply, 'alternate_parts', 'alternate_part', partForms.alternatePart).map((x) => x.part_id);
    expect(alternatesIn(one)).toEqual([String(a)]);
    const other = await update(target, `/part/${id}`, partXml({}, `<alternate_parts type="array">${item(b)}</alternate_parts>`));
    expect(alternatesIn(other)).toEqual([String(b)]);
    const none = await update(target, `/part/${id}`, partXml({}, '<alternate_parts type="array"/>'));
    expect(alternatesIn(none)).toEqual([]);
  });

  it('replaces the alternates with the whole list sent once for each of them: exactly the alternates listed', async () => {
    const setting = await partSetting(target);
    const ids = [idOf(await createPart(target, setting)), idOf(await createPart(target, setting)), idOf(await createPart(target, setting))];
    const id = idOf(await createPart(target, setting, {}, { revision_name: 'A' }, `<alternate_parts><alternate_part><part_id>${ids[0]}</part_id></alternate_part></alternate_parts>`));
    const item = (part: number) => `<alternate_part><part_id>${part}</part_id><quality>2</quality></alternate_part>`;
    const listed = ids.map((part) => ({ part_id: String(part), comment: null, quality: '2' }));
    for (const typed of ['', ' type="array"']) {
      const block = `<alternate_parts${typed}>${ids.map(item).join('')}</alternate_parts>`;
      const reply = await update(target, `/part/${id}`, partXml({}, ids.map(() => block).join('')));
      expectPartShow(reply);
      expect(expectNestedArray(reply, 'alternate_parts', 'alternate_part', partForms.alternatePart), typed).toEqual(listed);
      expect((await readPart(target, id)).alternate_parts).toEqual(listed);
    }
    // A part listed twice with different values is refused, and the alternates stay as they were.
    const conflicting = `<alternate_parts>${item(ids[1]!)}</alternate_parts><alternate_parts><alternate_part><part_id>${ids[1]}</part_id></alternate_part></alternate_parts>`;
    expectErrors(await update(target, `/part/${id}`, partXml({}, conflicting)), 400, [`Alternate parts part ${ids[1]} is listed twice with different values`]);
    expect((await readPart(target, id)).alternate_parts).toEqual(listed);
  });

  it('changes nothing, updated_on included, for an empty <part/>', async () => {
    const created = await fresh();
    const reply = await update(target, `/part/${idOf(created)}`, '<part/>');
    expect(expectPartShow(reply)).toEqual(created);
  });

  it('finds the part by number with find_by=partnumber', async () => {
    const partnumber = unique('PN');
    const created = await fresh({ partnumber });
    const path = `/part/${encodeURIComponent(partnumber)}`;
    const reply = await update(target, path, partXml({ inventory_maximum: '7' }), 'find_by=partnumber');
    expect(expectPartShow(reply)).toMatchObject({ id: created.id, inventory_maximum: '7.0' });
  });

  it('changes the revision revision_id names, and answers 404 for another part\'s', async () => {
    const created = await fresh();
    const other = await fresh();
    const id = idOf(created);
    const own = (created.revision as Rec).id;
    const reply = await update(target, `/part/${id}`, partXml({}, revisionXml({ comment: 'own' })), `revision_id=${own}`);
    expect((expectPartShow(reply).revision as Rec).comment).toBe('own');
    const before = await readPart(target, id);
    const otherRevision = (other.revision as Rec).id;
    const body = partXml({ reorder_quantity: '9' }, revisionXml({ comment: 'x' }));
    const refused = await update(target, `/part/${id}`, body, `revision_id=${otherRevision}`);
    expectNotFound(refused, 'PartRevision', String(otherRevision));
    expect(await readPart(target, id)).toEqual(before);
    expect(await readPart(target, idOf(other))).toEqual(other);
  });

  describe('refusals (nothing changes)', () => {
    it('refuses blank required fields with 400', async () => {
      const created = await fresh();
      const id = idOf(created);
      const reply = await update(
        target,
        `/part/${id}`,
        partXml({ manufacturer_pn: '', partnumber: ' ', unit_id: '', reorder_quantity: '3' }, revisionXml({ revision_name: '' })),
      );
      expectErrors(reply, 400, [
        "Manufacturer pn can't be blank",
        "Unit can't be blank",
        "Partnumber can't be blank",
        "Revision name can't be blank",
      ]);
      expect(await readPart(target, id)).toEqual(created);
    });

    it('refuses value with 400', async () => {
      const created = await fresh();
      const id = idOf(created);
      expectErrors(await update(target, `/part/${id}`, partXml({ value: '5', reorder_quantity: '3' })), 400, [
        'Value cannot be set directly; send value_text, a number with an optional SI prefix',
      ]);
      expect(await readPart(target, id)).toEqual(created);
    });

    it('refuses records that do not exist, a taken part number and the part as its own alternate', async () => {
      const taken = unique('PN');
      await fresh({ partnumber: taken });
      const created = await fresh();
      const id = idOf(created);
      const reply = await update(
        target,
        `/part/${id}`,
        partXml(
          { manufacturer_id: UNKNOWN_ID, preferred_vendor_id: UNKNOWN_ID, partnumber: taken },
          `<alternate_parts><alternate_part><part_id>${id}</part_id></alternate_part></alternate_parts>`,
        ),
      );
      expectErrors(reply, 400, [
        'Manufacturer must exist',
        'Preferred vendor must exist',
        'Partnumber has already been taken',
        'Alternate parts part cannot be the part itself',
      ]);
      expect(await readPart(target, id)).toEqual(created);
    });

    it('refuses a body without the part root with 400', async () => {
      const created = await fresh();
      const id = idOf(created);
      expectMessage(await update(target, `/part/${id}`, xmlBody('unit', { name: 'x' })), 400, 'Expected the root element <part>');
      expectMessage(await put(target, `/part/${id}`), 400, 'Expected the root element <part>');
      expect(await readPart(target, id)).toEqual(created);
    });

    it('answers 404 for an unknown part, by id or by number', async () => {
      expectNotFound(await update(target, `/part/${UNKNOWN_ID}`, partXml({ reorder_quantity: '1' })), 'Part', UNKNOWN_ID);
      const missing = unique('no-such-pn');
      expectMessage(
        await update(target, `/part/${missing}`, partXml({ reorder_quantity: '1' }), 'find_by=partnumber'),
        404,
        `Couldn't find Part with 'partnumber'=${missing}`,
      );
      expect((await get(target, `/part/${missing}`, { query: 'find_by=partnumber' })).status).toBe(404);
    });
  });
});
