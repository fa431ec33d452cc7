import { describe, expect, it } from 'vitest';
import { parseRailsParams } from './rails-params';
import { codeOf, expectNullPrototypes } from './test-helpers';

describe('parseRailsParams', () => {
  it('reads an empty string as empty params', () => {
    const params = parseRailsParams('');
    expect(params).toEqual({});
    expect(Object.getPrototypeOf(params)).toBeNull();
  });

  it('reads flat pairs, decoding + and percent escapes', () => {
    expect(parseRailsParams('name=A+%26+B&city=S%C3%A3o%20Paulo&plus=1%2B1')).toEqual({
      name: 'A & B',
      city: 'São Paulo',
      plus: '1+1',
    });
  });

  it('reads a key without = as null and k= as an empty string', () => {
    expect(parseRailsParams('flag&empty=&a[b]')).toEqual({ flag: null, empty: '', a: { b: null } });
  });

  it('keeps tab, line ends and every other character XML carries', () => {
    expect(parseRailsParams('a=%09%0A%0D%F0%9F%98%80%EF%BF%BD&b=\uD83D\uDE00')).toEqual({ a: '\t\n\r😀\uFFFD', b: '😀' });
  });

  it('keeps = signs after the first in the value', () => {
    expect(parseRailsParams('q=a=b=c')).toEqual({ q: 'a=b=c' });
  });

  it('skips empty pairs and empty names', () => {
    expect(parseRailsParams('&a=1&&=2&b=3&')).toEqual({ a: '1', b: '3' });
  });

  it('lets later duplicate scalars win', () => {
    expect(parseRailsParams('a=1&a=2')).toEqual({ a: '2' });
    expect(parseRailsParams('a[b]=1&a[b]=2')).toEqual({ a: { b: '2' } });
  });

  it('nests hashes', () => {
    expect(parseRailsParams('a[b][c]=1&a[b][d]=2&a[e]=3')).toEqual({ a: { b: { c: '1', d: '2' }, e: '3' } });
  });

  it('decodes an encoded timestamp inside a nested filter', () => {
    expect(parseRailsParams('filter[updated_on][gte]=2020-01-01T00%3A00%3A00%2B00%3A00&page=2')).toEqual({
      filter: { updated_on: { gte: '2020-01-01T00:00:00+00:00' } },
      page: '2',
    });
  });

  it('decodes brackets in the key before nesting, as Rack does', () => {
    expect(parseRailsParams('a%5Bb%5D=1')).toEqual({ a: { b: '1' } });
  });

  it('collects a[] into an array', () => {
    expect(parseRailsParams('a[]=1&a[]=2&a[]=')).toEqual({ a: ['1', '2', ''] });
    expect(parseRailsParams('x[ids][]=7')).toEqual({ x: { ids: ['7'] } });
  });

  it('builds hashes inside arrays, starting a new hash when a key repeats', () => {
    expect(parseRailsParams('a[][x]=1&a[][y]=2&a[][x]=3')).toEqual({ a: [{ x: '1', y: '2' }, { x: '3' }] });
  });

  it('reads a list sent twice with [] keys as every item twice, and with index keys as the later values', () => {
    expect(parseRailsParams('p[l][][id]=1&p[l][][id]=2&p[l][][id]=1&p[l][][id]=2')).toEqual({ p: { l: [{ id: '1' }, { id: '2' }, { id: '1' }, { id: '2' }] } });
    expect(parseRailsParams('p[l][0][id]=1&p[l][1][id]=2&p[l][0][id]=1&p[l][1][id]=3')).toEqual({ p: { l: { 0: { id: '1' }, 1: { id: '3' } } } });
  });

  it('merges deeper keys into the last hash until the full path repeats', () => {
    expect(parseRailsParams('a[][x][y]=1&a[][x][z]=2&a[][x][y]=3')).toEqual({
      a: [{ x: { y: '1', z: '2' } }, { x: { y: '3' } }],
    });
  });

  it('reads a realistic create form', () => {
    const body =
      'inventory_location[name]=Main+Warehouse' +
      '&inventory_location[inventory_sublocations][][name]=Shelf+A' +
      '&inventory_location[inventory_sublocations][][has_bins]=true' +
      '&inventory_location[inventory_sublocations][][name]=Cage+B' +
      '&inventory_location[inventory_sublocations][][has_bins]=false';
    expect(parseRailsParams(body)).toEqual({
      inventory_location: {
        name: 'Main Warehouse',
        inventory_sublocations: [
          { name: 'Shelf A', has_bins: 'true' },
          { name: 'Cage B', has_bins: 'false' },
        ],
      },
    });
  });

  it('keeps a leading [ as part of the head key, as Rack does', () => {
    expect(parseRailsParams('[a]=1')).toEqual({ '[a]': '1' });
  });

  it.each([
    ['scalar then hash', 'a=1&a[b]=2'],
    ['array then hash', 'a[]=1&a[b]=2'],
    ['scalar then array', 'a=1&a[]=2'],
    ['hash then array', 'a[b]=1&a[]=2'],
    ['nested scalar then hash', 'a[b]=1&a[b][c]=2'],
    ['invalid percent escape', 'a=%zz'],
    ['truncated percent escape', 'a=100%'],
    ['invalid UTF-8', 'a=%FF'],
    ['invalid escape in the key', '%E0%A4%A=1'],
    ['unclosed bracket', 'a[b=1'],
    ['text after a bracket', 'a[b]c=1'],
    ['nested arrays', 'a[][]=1'],
    ['NUL in a value', 'a=x%00y'],
    ['NUL in a key', 'a%00=1'],
    ['a control character in a bracket key', 'a[b%01]=1'],
    ['U+FFFF', 'a=%EF%BF%BF'],
    ['a lone surrogate in the text itself', 'a=\uD800'],
  ])('%s → bad_params', (_label, query) => {
    expect(codeOf(() => parseRailsParams(query))).toBe('bad_params');
  });

  it('enforces depth, pair count and size limits', () => {
    const deep = `a${'[b]'.repeat(31)}=1`; // 32 levels
    expect(codeOf(() => parseRailsParams(deep))).toBe('no error');
    expect(codeOf(() => parseRailsParams(`a${'[b]'.repeat(32)}=1`))).toBe('too_deep');
    expect(codeOf(() => parseRailsParams(`a${'[b]'.repeat(100_000)}=1`, { maxBytes: 10_000_000 }))).toBe('too_deep');
    expect(codeOf(() => parseRailsParams('a[]=1&a[]=2&a[]=3', { maxElements: 2 }))).toBe('too_many_elements');
    expect(codeOf(() => parseRailsParams(Array.from({ length: 20_001 }, (_, i) => `k${i}=1`).join('&')))).toBe(
      'too_many_elements',
    );
    expect(codeOf(() => parseRailsParams(`a=${'x'.repeat(1_048_577)}`))).toBe('too_large');
    expect(codeOf(() => parseRailsParams('a=12345', { maxBytes: 6 }))).toBe('too_large');
  });

  it('never touches Object.prototype', () => {
    const params = parseRailsParams(
      '__proto__[polluted]=yes&a[__proto__][polluted]=yes&constructor[prototype][polluted]=yes&b[][__proto__]=x',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(params)).toEqual(['__proto__', 'a', 'constructor', 'b']);
    expect(Object.getOwnPropertyDescriptor(params, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(Object.getOwnPropertyDescriptor(params.a, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(params.constructor).toEqual({ prototype: { polluted: 'yes' } });
    expectNullPrototypes(params);
  });
});
