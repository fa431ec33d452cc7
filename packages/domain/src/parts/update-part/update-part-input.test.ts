import { describe, expect, it } from 'vitest';
import { changesRevision, parseUpdatePart } from './update-part-input';

const refused = (raw: unknown, messages: string[]) =>
  expect(() => parseUpdatePart(raw)).toThrow(expect.objectContaining({ code: 'invalid', messages }));

describe('parseUpdatePart', () => {
  it('reads only what is sent; an empty body changes nothing', () => {
    const empty = parseUpdatePart({});
    expect(empty).toEqual({ part: {}, revision: {}, attributes: [], alternates: undefined });
    expect(changesRevision(empty)).toBe(false);
    expect(parseUpdatePart(undefined).part).toEqual({});
  });

  it('reads part fields and value_text with its value', () => {
    const input = parseUpdatePart({ manufacturer_pn: 'NEW', value_text: '100 nF', reorder_quantity: '' });
    expect(input.part).toEqual({ manufacturer_pn: 'NEW', reorder_quantity: null, value_text: '100 nF', value: 1e-7 });
    expect(changesRevision(input)).toBe(false);
  });

  it('clears value with a blank value_text', () => {
    expect(parseUpdatePart({ value_text: '' }).part).toEqual({ value_text: null, value: null });
  });

  it('counts revision fields, custom attributes and x_packaging as revision changes; an empty revision not', () => {
    expect(changesRevision(parseUpdatePart({ revision: { comment: 'x' } }))).toBe(true);
    expect(changesRevision(parseUpdatePart({ revision: { x_link: 'http://x' } }))).toBe(true);
    expect(changesRevision(parseUpdatePart({ x_packaging: 'Tray' }))).toBe(true);
    expect(changesRevision(parseUpdatePart({ revision: '' }))).toBe(false);
    expect(changesRevision(parseUpdatePart({ revision: {} }))).toBe(false);
  });

  it('refuses blanks the part cannot be without, and value', () => {
    const blanks = { partnumber: '', manufacturer_pn: ' ', manufacturer_id: '', manufactured_here: '' };
    refused({ ...blanks, value: '1', revision: { revision_name: '' } }, [
      "Manufacturer pn can't be blank",
      "Manufacturer can't be blank",
      "Partnumber can't be blank",
      "Manufactured here can't be blank",
      'Value cannot be set directly; send value_text, a number with an optional SI prefix',
      "Revision name can't be blank",
    ]);
  });

  it('reads an empty alternate list as clearing them', () => {
    expect(parseUpdatePart({ alternate_parts: '' }).alternates).toEqual([]);
    expect(parseUpdatePart({ alternate_parts: [] }).alternates).toEqual([]);
  });
});
