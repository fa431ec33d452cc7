import { describe, expect, it } from 'vitest';
import { binProblems, converts, measureProblems, serialNumberOf, unitIdList, UNITS_NAMED } from './stock-rules';

describe('serialNumberOf', () => {
  it('drops the whitespace around a serial number and keeps everything else as written', () => {
    expect(serialNumberOf(' SN-1\t')).toBe('SN-1');
    expect(serialNumberOf('\u00a0SN-1\u3000\n')).toBe('SN-1');
    expect(serialNumberOf('sn 1')).toBe('sn 1');
    expect(serialNumberOf(null)).toBeNull();
    expect(serialNumberOf(undefined)).toBeUndefined();
  });
});

describe('binProblems', () => {
  const bench = { name: 'Bench', has_bins: false };
  const shelf = { name: 'Shelf', has_bins: true };

  it('refuses a bin where the sublocation has none, naming it', () => {
    expect(binProblems('B7', bench)).toEqual(['Sublocation bin must be blank: Bench has no bins']);
  });

  it('takes a bin where there are bins, and no bin anywhere', () => {
    expect(binProblems('B7', shelf)).toEqual([]);
    expect(binProblems(null, bench)).toEqual([]);
    expect(binProblems(undefined, bench)).toEqual([]);
    expect(binProblems(null, shelf)).toEqual([]);
  });
});

describe('converts and measureProblems', () => {
  const each = { id: 1, name: 'Each' };
  const reel = { id: 2, name: 'Reel' };
  const metre = { id: 3, name: 'Metre' };

  it('counts stock in the part’s own unit, or in one linked to it by a conversion either way', () => {
    expect(converts(1, 1, [])).toBe(true);
    expect(converts(2, 1, [{ from_unit_id: 2, to_unit_id: 1 }])).toBe(true);
    expect(converts(2, 1, [{ from_unit_id: 1, to_unit_id: 2 }])).toBe(true);
    expect(measureProblems(reel, each, [{ from_unit_id: 2, to_unit_id: 1 }])).toEqual([]);
  });

  it('refuses a unit with no conversion to the part’s, a conversion to a third unit not counting', () => {
    expect(converts(3, 1, [])).toBe(false);
    expect(converts(3, 1, [{ from_unit_id: 3, to_unit_id: 2 }, { from_unit_id: 2, to_unit_id: 1 }])).toBe(false);
    expect(measureProblems(metre, each, [{ from_unit_id: 3, to_unit_id: 2 }])).toEqual([
      "Unit must be the part's unit or convert to it: Metre has no conversion to Each",
    ]);
  });
});

describe('unitIdList', () => {
  it('names every unit up to the limit, then counts the rest', () => {
    expect(unitIdList([4, 9])).toBe('4, 9');
    const many = Array.from({ length: UNITS_NAMED + 3 }, (_, i) => i + 1);
    expect(unitIdList(many)).toBe('1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 3 more');
    expect(unitIdList([1, 2], 40)).toBe('1, 2 and 38 more');
  });
});
