import { describe, expect, it } from 'vitest';
import { del, get, post, put, unique, xmlBody } from './client';
import {
  UNKNOWN_ID,
  expectEmpty,
  expectErrors,
  expectList,
  expectNotFound,
  expectRecord,
  findById,
  idOf,
} from './expect-xml';
import { createParttype, list, read } from './fixtures';
import { forms } from './forms';
import { targets } from './suite';

describe.each(targets())('parttype on $name', (target) => {
  describe('create', () => {
    it('fills the defaults and writes empty elements for nulls', async () => {
      const name = unique('ptype');
      const reply = await post(target, '/parttype', { body: xmlBody('parttype', { name }) });
      const record = expectRecord(reply, 'parttype', forms.parttype);
      idOf(record);
      expect(record).toEqual({
        id: record.id,
        name,
        attrition: null,
        is_non_material: 'false',
        part_next: '1',
        partnumber_key: null,
        parent_id: null,
        parent: null,
        parent_only: 'false',
        label_id: null,
        label: null,
      });
    });

    it('writes every field sent, decimals canonical and booleans true/false', async () => {
      const parent = await createParttype(target);
      const name = unique('ptype');
      const reply = await post(target, '/parttype', {
        body: xmlBody('parttype', {
          name,
          attrition: '0.050',
          is_non_material: 'true',
          partnumber_key: 'RES',
          parent_id: idOf(parent),
          parent_only: '1',
          part_next: '7',
        }),
      });
      const record = expectRecord(reply, 'parttype', forms.parttype);
      expect(record).toMatchObject({
        name,
        attrition: '0.05',
        is_non_material: 'true',
        part_next: '7',
        partnumber_key: 'RES',
        parent_id: String(idOf(parent)),
        parent: parent.name,
        parent_only: 'true',
        label_id: null,
        label: null,
      });
    });

    it.each([
      ['true', 'true'],
      ['TRUE', 'true'],
      ['1', 'true'],
      ['false', 'false'],
      ['False', 'false'],
      ['0', 'false'],
    ])('reads the boolean %j as %s', async (sent, written) => {
      const record = await createParttype(target, { is_non_material: sent });
      expect(record.is_non_material).toBe(written);
    });

    it.each([
      ['2', '2.0'],
      ['0.009', '0.009'],
      ['0', '0.0'],
      ['10.000', '10.0'],
    ])('writes the attrition %j as %s', async (sent, written) => {
      expect((await createParttype(target, { attrition: sent })).attrition).toBe(written);
    });

    it.each([
      [{ name: '' }, ["Name can't be blank"]],
      [{ attrition: 'lots' }, ['Attrition is not a number']],
      [{ attrition: '-0.1' }, ['Attrition must be greater than or equal to 0']],
      [{ is_non_material: 'yes' }, ['Is non material must be true or false']],
      [{ parent_only: '2' }, ['Parent only must be true or false']],
      [{ parent_id: 'abc' }, ['Parent must be an integer']],
      [{ parent_id: UNKNOWN_ID }, ['Parent must exist']],
      [{ part_next: '1.5' }, ['Part next must be an integer']],
      [{ part_next: '0' }, ['Part next must be greater than 0']],
      [{ part_next: '2147483648' }, ['Part next must be an integer']],
      [
        { name: null, attrition: 'x', is_non_material: 'maybe' },
        ["Name can't be blank", 'Attrition is not a number', 'Is non material must be true or false'],
      ],
    ])('refuses %j with 400 and creates nothing', async (fields, messages) => {
      const marker = unique('marker');
      const reply = await post(target, '/parttype', {
        body: xmlBody('parttype', { name: unique('ptype'), partnumber_key: marker, ...fields }),
      });
      expectErrors(reply, 400, messages);
      expect((await list(target, 'parttype', 'parttypes')).filter((p) => p.partnumber_key === marker)).toEqual([]);
    });

    it('refuses a duplicate name with 400 and keeps one record', async () => {
      const name = unique('ptype');
      await createParttype(target, { name });
      expectErrors(await post(target, '/parttype', { body: xmlBody('parttype', { name }) }), 400, [
        'Name has already been taken',
      ]);
      expect((await list(target, 'parttype', 'parttypes')).filter((p) => p.name === name)).toHaveLength(1);
    });
  });

  describe('list', () => {
    it('is parttypes (type="array") of the one form and contains what was created', async () => {
      const parent = await createParttype(target);
      const created = await createParttype(target, { parent_id: idOf(parent), attrition: '1' });
      const items = expectList(await get(target, '/parttype'), 'parttypes', 'parttype', forms.parttype);
      expect(findById(items, idOf(created))).toEqual(created);
      expect(findById(items, idOf(created))?.parent).toBe(parent.name);
    });
  });

  describe('show', () => {
    it('answers the one form', async () => {
      const created = await createParttype(target, { attrition: '0.1' });
      expect(expectRecord(await get(target, `/parttype/${idOf(created)}`), 'parttype', forms.parttype)).toEqual(created);
    });

    it('answers 404 for an unknown or non-integer id', async () => {
      expectNotFound(await get(target, `/parttype/${UNKNOWN_ID}`), 'Parttype', UNKNOWN_ID);
      expectNotFound(await get(target, '/parttype/abc'), 'Parttype', 'abc');
    });
  });

  describe('update', () => {
    it('changes name and attrition and answers the form', async () => {
      const created = await createParttype(target, { attrition: '1', partnumber_key: 'K' });
      const id = idOf(created);
      const name = unique('ptype-renamed');
      const reply = await put(target, `/parttype/${id}`, { body: xmlBody('parttype', { name, attrition: '0.25' }) });
      const record = expectRecord(reply, 'parttype', forms.parttype);
      expect(record).toEqual({ ...created, name, attrition: '0.25' });
      expect(await read(target, 'parttype', id)).toEqual(record);
    });

    it('sets attrition to null with an empty element', async () => {
      const created = await createParttype(target, { attrition: '3' });
      const reply = await put(target, `/parttype/${idOf(created)}`, { body: '<parttype><attrition/></parttype>' });
      expect(expectRecord(reply, 'parttype', forms.parttype).attrition).toBeNull();
    });

    it('moves a type under a parent and shows the parent name', async () => {
      const parent = await createParttype(target);
      const created = await createParttype(target);
      const reply = await put(target, `/parttype/${idOf(created)}`, {
        body: xmlBody('parttype', { parent_id: idOf(parent) }),
      });
      expect(expectRecord(reply, 'parttype', forms.parttype)).toMatchObject({
        parent_id: String(idOf(parent)),
        parent: parent.name,
      });
    });

    it('shows the new name of a renamed parent', async () => {
      const parent = await createParttype(target);
      const child = await createParttype(target, { parent_id: idOf(parent) });
      const renamed = unique('ptype-parent');
      await put(target, `/parttype/${idOf(parent)}`, { body: xmlBody('parttype', { name: renamed }) });
      expect((await read(target, 'parttype', idOf(child))).parent).toBe(renamed);
    });

    it('refuses a parent that would close a loop, and changes nothing', async () => {
      const top = await createParttype(target);
      const child = await createParttype(target, { parent_id: idOf(top) });
      const message = 'Parent cannot be the part type itself or one of its descendants';
      expectErrors(await put(target, `/parttype/${idOf(top)}`, { body: xmlBody('parttype', { parent_id: idOf(child) }) }), 400, [
        message,
      ]);
      expectErrors(await put(target, `/parttype/${idOf(top)}`, { body: xmlBody('parttype', { parent_id: idOf(top) }) }), 400, [
        message,
      ]);
      expect(await read(target, 'parttype', idOf(top))).toEqual(top);
    });

    it('refuses invalid fields with 400 and changes nothing', async () => {
      const other = await createParttype(target);
      const created = await createParttype(target, { attrition: '1' });
      const id = idOf(created);
      expectErrors(await put(target, `/parttype/${id}`, { body: xmlBody('parttype', { attrition: 'abc' }) }), 400, [
        'Attrition is not a number',
      ]);
      expectErrors(await put(target, `/parttype/${id}`, { body: xmlBody('parttype', { is_non_material: 'nope' }) }), 400, [
        'Is non material must be true or false',
      ]);
      expectErrors(
        await put(target, `/parttype/${id}`, { body: xmlBody('parttype', { name: String(other.name), attrition: '2' }) }),
        400,
        ['Name has already been taken'],
      );
      expectErrors(await put(target, `/parttype/${id}`, { body: xmlBody('parttype', { name: '' }) }), 400, [
        "Name can't be blank",
      ]);
      expect(await read(target, 'parttype', id)).toEqual(created);
    });

    it('answers 404 for an unknown id', async () => {
      expectNotFound(
        await put(target, `/parttype/${UNKNOWN_ID}`, { body: xmlBody('parttype', { attrition: '1' }) }),
        'Parttype',
        UNKNOWN_ID,
      );
    });
  });

  describe('delete', () => {
    it('answers 200 with an empty body; the record is gone', async () => {
      const id = idOf(await createParttype(target));
      expectEmpty(await del(target, `/parttype/${id}`));
      expectNotFound(await get(target, `/parttype/${id}`), 'Parttype', id);
      expect(findById(await list(target, 'parttype', 'parttypes'), id)).toBeUndefined();
    });

    it('refuses a type with child types (422) and keeps it; works once the child is gone', async () => {
      const parent = await createParttype(target);
      const child = await createParttype(target, { parent_id: idOf(parent) });
      expectErrors(await del(target, `/parttype/${idOf(parent)}`), 422, [
        'Cannot delete record because dependent part types exist',
      ]);
      expect(await read(target, 'parttype', idOf(parent))).toEqual(parent);
      expect(await read(target, 'parttype', idOf(child))).toEqual(child);
      expectEmpty(await del(target, `/parttype/${idOf(child)}`));
      expectEmpty(await del(target, `/parttype/${idOf(parent)}`));
    });

    it('answers 404 for an unknown id', async () => {
      expectNotFound(await del(target, `/parttype/${UNKNOWN_ID}`), 'Parttype', UNKNOWN_ID);
    });
  });
});
