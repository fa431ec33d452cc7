import { describe, expect, it } from 'vitest';
import { distinctItems } from './distinct-items';
import { problems } from './parse-input';

const alternate = (part_id: number | null, comment: string | null = null, quality: number | null = null) => ({ part_id, comment, quality });

describe('distinctItems', () => {
  it('keeps the first of items equal in every field, in the order sent', () => {
    const found = problems();
    const items = [alternate(4), alternate(5, 'fits'), alternate(4), alternate(5, 'fits'), alternate(6)];
    expect(distinctItems('alternate_parts', items, 'part_id', found)).toEqual([alternate(4), alternate(5, 'fits'), alternate(6)]);
    expect(found.list).toEqual([]);
  });

  it('names a key sent again with other values, once however often', () => {
    const found = problems();
    distinctItems('alternate_parts', [alternate(4, 'fits'), alternate(4, 'fits', 2), alternate(4, 'other')], 'part_id', found);
    distinctItems('inventory_sublocations', [{ name: 'Shelf', has_bins: false }, { name: 'Shelf', has_bins: true }], 'name', found);
    expect(found.list).toEqual([
      { field: 'alternate_parts', message: 'Alternate parts part 4 is listed twice with different values' },
      { field: 'inventory_sublocations', message: "Inventory sublocations name 'Shelf' is listed twice with different values" },
    ]);
  });

  it('keeps items whose key is blank: that is a problem of its own', () => {
    const found = problems();
    expect(distinctItems('alternate_parts', [alternate(null), alternate(null)], 'part_id', found)).toHaveLength(2);
    expect(found.list).toEqual([]);
  });
});
