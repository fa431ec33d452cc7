import { describe, expect, it } from 'vitest';
import { parseRailsParams } from '@pips/xml';
import { mergeParams } from './merge-params';

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('mergeParams', () => {
  it('merges nested hashes, the body winning', () => {
    const query = parseRailsParams('id=1&unit[name]=Q&unit[description]=from+query&page=2');
    const body = parseRailsParams('unit[name]=B&unit[allow_fractional]=false');
    expect(plain(mergeParams(query, body))).toEqual({
      id: '1',
      page: '2',
      unit: { name: 'B', description: 'from query', allow_fractional: 'false' },
    });
  });

  it('lets a body value replace a query hash or list whole', () => {
    const query = parseRailsParams('a[b]=1&c[]=1&c[]=2');
    const body = parseRailsParams('a=x&c[]=3');
    expect(plain(mergeParams(query, body))).toEqual({ a: 'x', c: ['3'] });
  });

  it('keeps dangerous keys as plain data and changes neither input', () => {
    const query = parseRailsParams('__proto__[polluted]=1');
    const body = parseRailsParams('constructor=2');
    const merged = mergeParams(query, body);
    expect(Object.getPrototypeOf(merged)).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(merged)).toEqual(['__proto__', 'constructor']);
    expect(Object.keys(query)).toEqual(['__proto__']);
  });
});
