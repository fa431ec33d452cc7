import { describe, expect, it } from 'vitest';
import { listItems, readList, type ListField } from './list-field';

const shelf = (name: string) => ({ name });

describe('listItems', () => {
  it('takes a list as it is (type="array", repeated siblings, a form\'s [] keys)', () => {
    expect(listItems([shelf('A'), shelf('B')])).toEqual([shelf('A'), shelf('B')]);
    expect(listItems([shelf('A')])).toEqual([shelf('A')]);
    expect(listItems([])).toEqual([]);
  });

  it('takes the children of a wrapper without type="array", one or many', () => {
    expect(listItems({ inventory_sublocation: shelf('A') })).toEqual([shelf('A')]);
    expect(listItems({ inventory_sublocation: [shelf('A'), shelf('B')] })).toEqual([shelf('A'), shelf('B')]);
  });

  it("takes a form's index keys in order", () => {
    expect(listItems({ 1: shelf('B'), 0: shelf('A') })).toEqual([shelf('A'), shelf('B')]);
  });

  it('reads an empty wrapper as an empty list', () => {
    for (const blank of [undefined, null, '', '\n  ']) expect(listItems(blank)).toEqual([]);
  });

  it('finds no list in text', () => {
    expect(listItems('Shelf A')).toBeNull();
  });
});

describe('readList', () => {
  const list: ListField = {
    name: 'inventory_sublocations',
    items: { name: { type: 'string', required: true }, has_bins: { type: 'bool', default: false } },
  };

  it('reads each item as a create does: defaults filled, unknown fields ignored', () => {
    const input = { inventory_sublocations: { inventory_sublocation: { name: 'A', colour: 'red' } } };
    expect(readList(list, input)).toEqual({ values: [{ name: 'A', has_bins: false }], errors: [] });
  });

  it('names the list in the messages of its items', () => {
    const input = { inventory_sublocations: [{ name: '' }, { name: 'B', has_bins: 'maybe' }] };
    expect(readList(list, input).errors).toEqual([
      "Inventory sublocations name can't be blank",
      'Inventory sublocations has bins must be true or false',
    ]);
  });

  it('refuses text where the list should be', () => {
    expect(readList(list, { inventory_sublocations: 'Shelf A' })).toEqual({
      values: [],
      errors: ['Inventory sublocations must be a list'],
    });
  });
});
