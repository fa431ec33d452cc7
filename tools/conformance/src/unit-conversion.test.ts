import { describe, expect, it } from 'vitest';
import { del, get, post, xmlBody, type XmlValue } from './client';
import {
  UNKNOWN_ID,
  expectEmpty,
  expectErrors,
  expectNestedArray,
  expectNotFound,
  expectRecord,
  idOf,
  type Rec,
} from './expect-xml';
import { create, createUnit } from './fixtures';
import { forms } from './forms';
import type { Target } from './targets';
import { targets } from './suite';

/** The conversions unit `id` lists in its show form. */
async function conversionsOf(target: Target, id: number): Promise<Rec[]> {
  const reply = await get(target, `/unit/${id}`);
  expectRecord(reply, 'unit', forms.unitShow);
  return expectNestedArray(reply, 'unit_conversions', 'unit_conversion', forms.unitShowConversion);
}

describe.each(targets())('unit_conversion on $name', (target) => {
  describe('create', () => {
    it('answers a unit_conversion element, factor canonical; the from unit lists it', async () => {
      const from = await createUnit(target);
      const to = await createUnit(target);
      const reply = await post(target, '/unit_conversion', {
        body: xmlBody('unit_conversion', { from_unit_id: idOf(from), to_unit_id: idOf(to), factor: '1000.000' }),
      });
      const record = expectRecord(reply, 'unit_conversion', forms.unitConversion);
      expect(record).toEqual({
        id: record.id,
        from_unit_id: String(idOf(from)),
        to_unit_id: String(idOf(to)),
        factor: '1000.0',
      });
      expect(await conversionsOf(target, idOf(from))).toEqual([{ id: record.id, to_unit_id: String(idOf(to)), factor: '1000.0' }]);
    });

    it('keeps small factors exact', async () => {
      const from = await createUnit(target);
      const to = await createUnit(target);
      const record = await create(target, 'unit_conversion', {
        from_unit_id: idOf(from),
        to_unit_id: idOf(to),
        factor: '0.0000000001',
      });
      expect(record.factor).toBe('0.0000000001');
    });

    it('allows the reverse pair', async () => {
      const a = await createUnit(target);
      const b = await createUnit(target);
      await create(target, 'unit_conversion', { from_unit_id: idOf(a), to_unit_id: idOf(b), factor: '4' });
      const reverse = await create(target, 'unit_conversion', { from_unit_id: idOf(b), to_unit_id: idOf(a), factor: '0.25' });
      expect(reverse.factor).toBe('0.25');
    });

    const invalid: ReadonlyArray<[string, (from: number, to: number) => Record<string, XmlValue>, string[]]> = [
      ['a zero factor', (f, t) => ({ from_unit_id: f, to_unit_id: t, factor: '0' }), ['Factor must be greater than 0']],
      ['a negative factor', (f, t) => ({ from_unit_id: f, to_unit_id: t, factor: '-2' }), ['Factor must be greater than 0']],
      ['a non-numeric factor', (f, t) => ({ from_unit_id: f, to_unit_id: t, factor: 'dozen' }), ['Factor is not a number']],
      ['a missing factor', (f, t) => ({ from_unit_id: f, to_unit_id: t }), ["Factor can't be blank"]],
      [
        'nothing at all',
        () => ({}),
        ["From unit can't be blank", "To unit can't be blank", "Factor can't be blank"],
      ],
      ['a non-integer unit id', (_f, t) => ({ from_unit_id: 'x1', to_unit_id: t, factor: '2' }), ['From unit must be an integer']],
      ['an unknown to unit', (f) => ({ from_unit_id: f, to_unit_id: UNKNOWN_ID, factor: '2' }), ['To unit must exist']],
      ['the same unit twice', (f) => ({ from_unit_id: f, to_unit_id: f, factor: '2' }), ['To unit must be different from from unit']],
    ];

    it.each(invalid)('refuses %s with 400 and creates nothing', async (_label, fields, messages) => {
      const from = await createUnit(target);
      const to = await createUnit(target);
      const reply = await post(target, '/unit_conversion', {
        body: xmlBody('unit_conversion', fields(idOf(from), idOf(to))),
      });
      expectErrors(reply, 400, messages);
      expect(await conversionsOf(target, idOf(from))).toEqual([]);
    });

    it('refuses a second conversion for the same pair with 400 and keeps the first', async () => {
      const from = await createUnit(target);
      const to = await createUnit(target);
      const first = await create(target, 'unit_conversion', { from_unit_id: idOf(from), to_unit_id: idOf(to), factor: '3' });
      const reply = await post(target, '/unit_conversion', {
        body: xmlBody('unit_conversion', { from_unit_id: idOf(from), to_unit_id: idOf(to), factor: '4' }),
      });
      expectErrors(reply, 400, ['To unit has already been taken']);
      expect(await conversionsOf(target, idOf(from))).toEqual([{ id: first.id, to_unit_id: String(idOf(to)), factor: '3.0' }]);
    });
  });

  describe('delete', () => {
    it('answers 200 with an empty body; the unit no longer lists it', async () => {
      const from = await createUnit(target);
      const to = await createUnit(target);
      const conversion = await create(target, 'unit_conversion', { from_unit_id: idOf(from), to_unit_id: idOf(to), factor: '5' });
      expectEmpty(await del(target, `/unit_conversion/${idOf(conversion)}`));
      expect(await conversionsOf(target, idOf(from))).toEqual([]);
      expectNotFound(await del(target, `/unit_conversion/${idOf(conversion)}`), 'UnitConversion', idOf(conversion));
    });

    it('answers 404 for an unknown or non-integer id', async () => {
      expectNotFound(await del(target, `/unit_conversion/${UNKNOWN_ID}`), 'UnitConversion', UNKNOWN_ID);
      expectNotFound(await del(target, '/unit_conversion/abc'), 'UnitConversion', 'abc');
    });
  });
});
