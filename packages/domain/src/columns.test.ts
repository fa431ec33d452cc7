import { describe, expect, it } from 'vitest';
import { STRING_LENGTH, tooLongColumns } from './columns';

describe('tooLongColumns', () => {
  const emoji = '😀';

  it('names each string column set past its length, counted in characters', () => {
    expect(STRING_LENGTH).toBe(255);
    expect(tooLongColumns('manufacturer', { name: emoji.repeat(255), website: 'w'.repeat(255) })).toEqual([]);
    expect(tooLongColumns('manufacturer', { name: emoji.repeat(256), city: 'c'.repeat(256), website: 'w' })).toEqual([
      'Name is too long (maximum is 255 characters)',
      'City is too long (maximum is 255 characters)',
    ]);
  });

  it('leaves text columns, other kinds and absent columns alone', () => {
    expect(tooLongColumns('unit', { description: 'd'.repeat(70_000) })).toEqual([]);
    expect(tooLongColumns('parttype', { attrition: '1'.repeat(300), part_next: 7 })).toEqual([]);
    expect(tooLongColumns('manufacturer', {})).toEqual([]);
  });
});
