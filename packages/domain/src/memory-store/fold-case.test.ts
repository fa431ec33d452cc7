import { describe, expect, it } from 'vitest';
import { foldCase } from './fold-case';

describe('foldCase', () => {
  it('lowers ASCII and accented capitals', () => {
    expect(foldCase('ÉCOLE Widget')).toBe('école widget');
  });

  it('lowers each character on its own, to one character, as PostgreSQL does', () => {
    expect(foldCase('ΟΔΟΣ')).toBe('οδοσ');
    expect(foldCase('İSTANBUL')).toBe('istanbul');
    expect(foldCase('STRAẞE')).toBe('straße');
    expect(foldCase('straße')).toBe('straße');
  });

  it('keeps characters beyond the BMP whole', () => {
    expect(foldCase('𐐀 😀')).toBe('𐐨 😀');
  });
});
