import { describe, expect, it } from 'vitest';
import { pathId } from './path-id';

describe('pathId', () => {
  it('reads integers', () => {
    expect(pathId('Unit', '42')).toBe(42);
  });

  it.each(['abc', '-1', '1.5', '1e3', '', '99999999999'])('answers %j with not found', (raw) => {
    expect(() => pathId('Unit', raw)).toThrow(`Couldn't find Unit with 'id'=${raw}`);
  });
});
