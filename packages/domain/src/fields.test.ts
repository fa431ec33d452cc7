import { describe, expect, it } from 'vitest';
import { asInput, coerce, readFields, type FieldSpecs } from './fields';

describe('coerce', () => {
  it('reads blank input as null, or as a missing required field', () => {
    for (const blank of [null, undefined, '', '   ']) {
      expect(coerce('name', { type: 'string' }, blank)).toEqual({ value: null });
      expect(coerce('name', { type: 'string', required: true }, blank)).toEqual({ error: "Name can't be blank" });
    }
  });

  it('keeps text as written and limits its length', () => {
    expect(coerce('name', { type: 'string' }, ' Acme ')).toEqual({ value: ' Acme ' });
    expect(coerce('name', { type: 'string' }, 'x'.repeat(256))).toEqual({
      error: 'Name is too long (maximum is 255 characters)',
    });
    expect(coerce('description', { type: 'text' }, 'x'.repeat(256))).toEqual({ value: 'x'.repeat(256) });
  });

  it('counts length in characters, not UTF-16 units', () => {
    const emoji = '😀';
    expect(coerce('name', { type: 'string' }, emoji.repeat(128))).toEqual({ value: emoji.repeat(128) });
    expect(coerce('name', { type: 'string' }, emoji.repeat(255))).toEqual({ value: emoji.repeat(255) });
    expect(coerce('name', { type: 'string' }, emoji.repeat(256))).toEqual({
      error: 'Name is too long (maximum is 255 characters)',
    });
    expect(coerce('description', { type: 'text' }, emoji.repeat(65535))).toEqual({ value: emoji.repeat(65535) });
    expect(coerce('description', { type: 'text' }, emoji.repeat(65536))).toEqual({
      error: 'Description is too long (maximum is 65535 characters)',
    });
  });

  it('refuses text holding a character no answer could write back, and keeps tab, line breaks and pairs', () => {
    const refused = { error: 'Title has a character that is not allowed (a control character or half a surrogate pair)' };
    for (const text of ['a\u0000b', 'a\u0001b', 'a\u001Fb', 'a\uFFFEb', 'a\uFFFF', '\uD83D', 'a\uDE00b']) {
      expect(coerce('title', { type: 'string' }, text)).toEqual(refused);
      expect(coerce('title', { type: 'text' }, text)).toEqual(refused);
    }
    expect(coerce('title', { type: 'string' }, 'a\tb\nc\r\n😀\u007F\uFFFD')).toEqual({ value: 'a\tb\nc\r\n😀\u007F\uFFFD' });
  });

  it('refuses nested input where text is expected', () => {
    expect(coerce('name', { type: 'string' }, { a: '1' })).toEqual({ error: 'Name must be text' });
    expect(coerce('name', { type: 'string' }, ['a'])).toEqual({ error: 'Name must be text' });
  });

  it('reads strict integers', () => {
    expect(coerce('vendor_id', { type: 'int' }, '42')).toEqual({ value: 42 });
    expect(coerce('vendor_id', { type: 'int' }, '-3')).toEqual({ value: -3 });
    for (const bad of ['4.2', '1e3', 'x', '0x1f', '99999999999']) {
      expect(coerce('vendor_id', { type: 'int' }, bad)).toEqual({ error: 'Vendor must be an integer' });
    }
  });

  it('reads booleans as true/false/1/0 in any case', () => {
    expect(coerce('has_bins', { type: 'bool' }, 'TRUE')).toEqual({ value: true });
    expect(coerce('has_bins', { type: 'bool' }, '0')).toEqual({ value: false });
    expect(coerce('has_bins', { type: 'bool' }, 'yes')).toEqual({ error: 'Has bins must be true or false' });
  });

  it('reads decimals exactly and applies lower bounds', () => {
    expect(coerce('discount', { type: 'decimal' }, '10.50')).toEqual({ value: '10.5' });
    expect(coerce('discount', { type: 'decimal' }, 'ten')).toEqual({ error: 'Discount is not a number' });
    const positive = { type: 'decimal', min: { value: '0', exclusive: true } } as const;
    expect(coerce('factor', positive, '0')).toEqual({ error: 'Factor must be greater than 0' });
    expect(coerce('factor', positive, '0.0000000001')).toEqual({ value: '0.0000000001' });
    const nonNegative = { type: 'decimal', min: { value: '0', exclusive: false } } as const;
    expect(coerce('attrition', nonNegative, '-0.1')).toEqual({ error: 'Attrition must be greater than or equal to 0' });
    expect(coerce('attrition', nonNegative, '0')).toEqual({ value: '0.0' });
  });
});

describe('readFields', () => {
  const specs: FieldSpecs = {
    name: { type: 'string', required: true },
    allow_fractional: { type: 'bool', default: true },
    description: { type: 'string' },
  };

  it('on create checks required fields, fills defaults and ignores unknown fields', () => {
    expect(readFields(specs, { name: 'Each', colour: 'red' }, 'create')).toEqual({
      values: { name: 'Each', allow_fractional: true, description: null },
      errors: [],
    });
    expect(readFields(specs, {}, 'create').errors).toEqual([{ field: 'name', message: "Name can't be blank" }]);
  });

  it('on update reads only the fields sent, and null clears', () => {
    expect(readFields(specs, { description: null }, 'update')).toEqual({ values: { description: null }, errors: [] });
    expect(readFields(specs, { name: '' }, 'update').errors).toEqual([{ field: 'name', message: "Name can't be blank" }]);
  });

  it('reports every problem at once', () => {
    expect(readFields(specs, { name: '', allow_fractional: 'maybe' }, 'create').errors).toEqual([
      { field: 'name', message: "Name can't be blank" },
      { field: 'allow_fractional', message: 'Allow fractional must be true or false' },
    ]);
  });

  it('treats anything but a hash as an empty body', () => {
    expect(asInput('text')).toEqual({});
    expect(asInput(['a'])).toEqual({});
    expect(asInput(null)).toEqual({});
  });
});
