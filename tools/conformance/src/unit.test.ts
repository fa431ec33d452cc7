import { describe, expect, it } from 'vitest';
import { del, get, post, put, unique, xmlBody } from './client';
import {
  UNKNOWN_ID,
  expectEmpty,
  expectErrors,
  expectList,
  expectNestedArray,
  expectNotFound,
  expectRecord,
  findById,
  idOf,
} from './expect-xml';
import { create, createUnit, list, read } from './fixtures';
import { forms } from './forms';
import { targets } from './suite';

describe.each(targets())('unit on $name', (target) => {
  describe('create', () => {
    it('answers the show form with allow_fractional true by default and no conversions', async () => {
      const name = unique('unit');
      const reply = await post(target, '/unit', { body: xmlBody('unit', { name, description: 'each' }) });
      const record = expectRecord(reply, 'unit', forms.unitShow);
      idOf(record);
      expect(record).toMatchObject({ name, description: 'each', allow_fractional: 'true' });
      expect(expectNestedArray(reply, 'unit_conversions', 'unit_conversion', forms.unitShowConversion)).toEqual([]);
    });

    it('takes allow_fractional false', async () => {
      const record = await createUnit(target, { allow_fractional: 'false' });
      expect(record.allow_fractional).toBe('false');
      expect((await read(target, 'unit', idOf(record))).allow_fractional).toBe('false');
    });

    it.each([
      [{ name: ' ' }, ["Name can't be blank"]],
      [{ allow_fractional: 'sometimes' }, ['Allow fractional must be true or false']],
    ])('refuses %j with 400 and creates nothing', async (fields, messages) => {
      const marker = unique('marker');
      const reply = await post(target, '/unit', { body: xmlBody('unit', { name: unique('unit'), description: marker, ...fields }) });
      expectErrors(reply, 400, messages);
      expect((await list(target, 'unit', 'units')).filter((u) => u.description === marker)).toEqual([]);
    });

    it('takes a description longer than 255 characters (descriptions hold 65,535)', async () => {
      const description = 'd'.repeat(1000);
      const reply = await post(target, '/unit', { body: xmlBody('unit', { name: unique('unit'), description }) });
      expect(expectRecord(reply, 'unit', forms.unitShow).description).toBe(description);
    });

    it('refuses a duplicate name with 400 and keeps one record', async () => {
      const name = unique('unit');
      await createUnit(target, { name });
      expectErrors(await post(target, '/unit', { body: xmlBody('unit', { name }) }), 400, ['Name has already been taken']);
      expect((await list(target, 'unit', 'units')).filter((u) => u.name === name)).toHaveLength(1);
    });
  });

  describe('list', () => {
    it('is units (type="array") of the list form and contains what was created', async () => {
      const created = await createUnit(target, { description: 'metre' });
      const items = expectList(await get(target, '/unit'), 'units', 'unit', forms.unitList);
      expect(findById(items, idOf(created))).toEqual({ id: created.id, name: created.name, description: 'metre' });
    });
  });

  describe('show', () => {
    it('lists the conversions from this unit, factor as a canonical decimal', async () => {
      const from = await createUnit(target);
      const to1 = await createUnit(target);
      const to2 = await createUnit(target);
      const c1 = await create(target, 'unit_conversion', { from_unit_id: idOf(from), to_unit_id: idOf(to1), factor: '12' });
      const c2 = await create(target, 'unit_conversion', { from_unit_id: idOf(from), to_unit_id: idOf(to2), factor: '0.0090' });
      const reply = await get(target, `/unit/${idOf(from)}`);
      const record = expectRecord(reply, 'unit', forms.unitShow);
      expect(record.name).toBe(from.name);
      const conversions = expectNestedArray(reply, 'unit_conversions', 'unit_conversion', forms.unitShowConversion);
      expect([...conversions].sort((a, b) => Number(a.id) - Number(b.id))).toEqual(
        [
          { id: c1.id, to_unit_id: String(idOf(to1)), factor: '12.0' },
          { id: c2.id, to_unit_id: String(idOf(to2)), factor: '0.009' },
        ].sort((a, b) => Number(a.id) - Number(b.id)),
      );
      // A conversion is listed under its from unit only.
      const target1 = await get(target, `/unit/${idOf(to1)}`);
      expectRecord(target1, 'unit', forms.unitShow);
      expect(expectNestedArray(target1, 'unit_conversions', 'unit_conversion', forms.unitShowConversion)).toEqual([]);
    });

    it('answers 404 for an unknown or non-integer id', async () => {
      expectNotFound(await get(target, `/unit/${UNKNOWN_ID}`), 'Unit', UNKNOWN_ID);
      expectNotFound(await get(target, '/unit/abc'), 'Unit', 'abc');
    });
  });

  describe('update', () => {
    it('changes the fields sent and answers the show form', async () => {
      const created = await createUnit(target, { description: 'old' });
      const id = idOf(created);
      const name = unique('unit-renamed');
      const reply = await put(target, `/unit/${id}`, { body: xmlBody('unit', { name, allow_fractional: '0' }) });
      const record = expectRecord(reply, 'unit', forms.unitShow);
      expect(record).toMatchObject({ name, description: 'old', allow_fractional: 'false' });
      expect(await read(target, 'unit', id)).toEqual(record);
    });

    it('sets the description to null with an empty element', async () => {
      const created = await createUnit(target, { description: 'gone' });
      const reply = await put(target, `/unit/${idOf(created)}`, { body: '<unit><description/></unit>' });
      expect(expectRecord(reply, 'unit', forms.unitShow).description).toBeNull();
    });

    it('refuses invalid fields with 400 and changes nothing', async () => {
      const other = await createUnit(target);
      const created = await createUnit(target, { description: 'keep' });
      const id = idOf(created);
      expectErrors(await put(target, `/unit/${id}`, { body: xmlBody('unit', { name: String(other.name) }) }), 400, [
        'Name has already been taken',
      ]);
      expectErrors(await put(target, `/unit/${id}`, { body: xmlBody('unit', { name: null, description: 'x' }) }), 400, [
        "Name can't be blank",
      ]);
      expectErrors(await put(target, `/unit/${id}`, { body: xmlBody('unit', { allow_fractional: 'yes' }) }), 400, [
        'Allow fractional must be true or false',
      ]);
      expect(await read(target, 'unit', id)).toEqual(created);
    });

    it('refuses to blank allow_fractional, which has no null', async () => {
      const created = await createUnit(target);
      const id = idOf(created);
      expectErrors(await put(target, `/unit/${id}`, { body: '<unit><allow_fractional/></unit>' }), 400, [
        "Allow fractional can't be blank",
      ]);
      expect(await read(target, 'unit', id)).toEqual(created);
    });

    it('answers 404 for an unknown id', async () => {
      expectNotFound(await put(target, `/unit/${UNKNOWN_ID}`, { body: xmlBody('unit', { description: 'x' }) }), 'Unit', UNKNOWN_ID);
    });
  });

  describe('delete', () => {
    it('answers 200 with an empty body; the record is gone', async () => {
      const id = idOf(await createUnit(target));
      expectEmpty(await del(target, `/unit/${id}`));
      expectNotFound(await get(target, `/unit/${id}`), 'Unit', id);
      expect(findById(await list(target, 'unit', 'units'), id)).toBeUndefined();
    });

    it('removes its conversions in both directions', async () => {
      const a = await createUnit(target);
      const b = await createUnit(target);
      const ab = await create(target, 'unit_conversion', { from_unit_id: idOf(a), to_unit_id: idOf(b), factor: '2' });
      const ba = await create(target, 'unit_conversion', { from_unit_id: idOf(b), to_unit_id: idOf(a), factor: '0.5' });
      expectEmpty(await del(target, `/unit/${idOf(a)}`));
      const after = await get(target, `/unit/${idOf(b)}`);
      expectRecord(after, 'unit', forms.unitShow);
      expect(expectNestedArray(after, 'unit_conversions', 'unit_conversion', forms.unitShowConversion)).toEqual([]);
      expectNotFound(await del(target, `/unit_conversion/${idOf(ab)}`), 'UnitConversion', idOf(ab));
      expectNotFound(await del(target, `/unit_conversion/${idOf(ba)}`), 'UnitConversion', idOf(ba));
    });

    it('answers 404 for an unknown id', async () => {
      expectNotFound(await del(target, `/unit/${UNKNOWN_ID}`), 'Unit', UNKNOWN_ID);
    });
  });
});
