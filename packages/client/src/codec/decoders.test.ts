import { parseXml } from '@pips/xml';
import { describe, expect, it } from 'vitest';
import {
  always,
  bool,
  decimal,
  DecodeError,
  float,
  int,
  isoTimestamp,
  list,
  nullable,
  nullableDecimal,
  nullableText,
  oneOf,
  optional,
  record,
  repeated,
  spaceTimestamp,
  text,
  withCustomAttributes,
} from './decoders';

const bad = (decode: (value: unknown, at: string) => unknown, value: unknown) => () => decode(value, 'x');

describe('scalar decoders', () => {
  it('read what PIPS writes', () => {
    expect([int('-42', 'x'), decimal('0.0125', 'x'), decimal('10', 'x'), float('1.0e-07', 'x'), bool('false', 'x')]).toEqual([-42, '0.0125', '10', '1.0e-07', false]);
    expect(isoTimestamp('2013-11-14T10:34:00+00:00', 'x')).toBe('2013-11-14T10:34:00+00:00');
    expect(spaceTimestamp('2016-01-24 20:11:47 -0800', 'x')).toBe('2016-01-24 20:11:47 -0800');
  });

  it('keep decimals as the exact text, never through a float', () => {
    const long = '12345678901234567890.0123456789';
    expect(decimal(long, 'x')).toBe(long);
    expect(nullableDecimal(null, 'x')).toBeNull();
  });

  it.each([
    [int, '4.5'],
    [int, '9007199254740993'],
    [int, null],
    [decimal, '1e5'],
    [decimal, '0,5'],
    [bool, '1'],
    [isoTimestamp, '2013-11-14 10:34:00 +0000'],
    [spaceTimestamp, '2013-11-14T10:34:00+00:00'],
    [nullableText, { a: '1' }],
  ] as const)('refuse %o given %j, naming the field', (decode, value) => {
    expect(bad(decode, value)).toThrow(DecodeError);
    expect(bad(decode, value)).toThrow(/^x: expected/);
  });

  it('read one of a set of words, and refuse any other, naming the field', () => {
    const status = oneOf(['draft', 'open'] as const);
    expect(status('open', 'x')).toBe('open');
    for (const value of ['OPEN', 'shipped', null, { a: '1' }]) expect(bad(status, value)).toThrow(/^x: expected one of draft, open, got/);
  });

  it('read an empty element as null, and as the empty string where a field is never null', () => {
    expect([nullableText(null, 'x'), text(null, 'x'), text('a', 'x')]).toEqual([null, '', 'a']);
    expect(always(null)(null, 'x')).toBeNull();
    expect(bad(always(null), 'label')).toThrow(/expected an empty element/);
  });
});

describe('structure decoders', () => {
  const pair = record<{ id: number; name: string | null; extra?: boolean }>({ id: int, name: nullableText, extra: optional(bool) });

  it('read records field by field, leaving out optional fields that are absent and ignoring unknown ones', () => {
    expect(pair({ id: '1', name: null, other: 'x' }, 'p')).toEqual({ id: 1, name: null });
    expect(pair({ id: '1', name: 'a', extra: 'true' }, 'p')).toEqual({ id: 1, name: 'a', extra: true });
    expect(bad(pair, { name: 'a' })).toThrow('x.id: expected an integer, got nothing');
  });

  it('read typed lists (a list of one, and an empty one) and repeated elements (none, one, many)', () => {
    const ids = parseXml('<r><one type="array"><i><id>1</id><name/></i></one><none type="array"/><rep><id>2</id><name/></rep></r>').r as Record<string, unknown>;
    expect(list(pair)(ids.one, 'one')).toEqual([{ id: 1, name: null }]);
    expect(list(pair)(ids.none, 'none')).toEqual([]);
    expect(repeated(pair)(ids.rep, 'rep')).toEqual([{ id: 2, name: null }]);
    expect(repeated(pair)(undefined, 'rep')).toEqual([]);
    expect(bad(list(pair), ids.rep)).toThrow(/expected a list/);
    expect(() => list(pair)([{ id: '1', name: null }, { id: 'x', name: null }], 'l')).toThrow('l[1].id: expected an integer');
  });

  it('read a nested element that may be empty, and keep a revision’s x_ attributes as text', () => {
    expect(nullable(pair)(null, 'n')).toBeNull();
    const revision = withCustomAttributes(record<{ id: number }>({ id: int }));
    expect(revision({ id: '1', x_package: 'SOIC-8', x_tolerance: null, status: 'Draft' }, 'r')).toEqual({ id: 1, x_package: 'SOIC-8', x_tolerance: null, value_texts: {} });
  });

  it('keep what was written for a numeric x_ attribute beside its number', () => {
    const revision = withCustomAttributes(record<{ id: number }>({ id: int }));
    const read = parseXml('<r><id>1</id><x_mass value_text="10 g">10.0</x_mass><x_power value_text=""/><x_package>SOIC-8</x_package></r>', undefined, {
      attributes: ['value_text'],
    }).r;
    expect(revision(read, 'r')).toEqual({ id: 1, x_mass: '10.0', x_power: null, x_package: 'SOIC-8', value_texts: { x_mass: '10 g', x_power: '' } });
    expect(bad(revision, { id: '1', x_mass: { '#text': '1.0' } })).toThrow('x.x_mass: expected text, got elements');
  });
});
