import { describe, expect, it } from 'vitest';
import { listItems, valueKey } from './list-field';

const shelf = (name: string) => ({ name });
const LIST = 'inventory_sublocations';
/** A wrapper without type="array" as the codec reads it: its item elements, one or repeated. */
const wrapper = (...names: string[]) => ({ inventory_sublocation: names.length === 1 ? shelf(names[0]!) : names.map(shelf) });

describe('listItems', () => {
  it('takes a list as it is (type="array", a form\'s [] keys)', () => {
    expect(listItems([shelf('A'), shelf('B')], LIST)).toEqual([shelf('A'), shelf('B')]);
    expect(listItems([shelf('A')], LIST)).toEqual([shelf('A')]);
    expect(listItems([], LIST)).toEqual([]);
  });

  it('takes the children of a wrapper without type="array", one or many', () => {
    expect(listItems(wrapper('A'), LIST)).toEqual([shelf('A')]);
    expect(listItems(wrapper('A', 'B'), LIST)).toEqual([shelf('A'), shelf('B')]);
  });

  it("takes a form's index keys in order", () => {
    expect(listItems({ 1: shelf('B'), 0: shelf('A') }, LIST)).toEqual([shelf('A'), shelf('B')]);
  });

  it('reads an empty wrapper as an empty list', () => {
    for (const blank of [undefined, null, '', '\n  ']) expect(listItems(blank, LIST)).toEqual([]);
  });

  it('finds no list in text', () => {
    expect(listItems('Shelf A', LIST)).toBeNull();
  });

  // The codec reads a wrapper sent twice as a list of wrappers (packages/xml, parse-xml.test.ts).
  it('reads a wrapper sent more than once as one list, each one’s items after the previous one’s', () => {
    const spellings = [
      [wrapper('A'), wrapper('B')],
      [[shelf('A')], [shelf('B')]],
      [wrapper('A'), [shelf('B')]],
      [null, wrapper('A', 'B')],
      [wrapper('A', 'B'), [], '  '],
    ];
    for (const raw of spellings) expect(listItems(raw, LIST), JSON.stringify(raw)).toEqual([shelf('A'), shelf('B')]);
    expect(listItems([wrapper('A', 'B'), wrapper('C')], LIST)).toEqual([shelf('A'), shelf('B'), shelf('C')]);
  });

  it('reads the whole list sent once for each of its items as that list, once', () => {
    const names = ['A', 'B', 'C'];
    expect(listItems(names.map(() => wrapper(...names)), LIST)).toEqual(names.map(shelf));
    expect(listItems(names.map(() => names.map(shelf)), LIST)).toEqual(names.map(shelf));
    // The same items in another order are another list: both are read.
    expect(listItems([wrapper('A', 'B'), wrapper('B', 'A')], LIST)).toEqual(['A', 'B', 'B', 'A'].map(shelf));
  });

  it('keeps an item repeated within one wrapper: whether it counts once is the list’s own rule', () => {
    expect(listItems(wrapper('A', 'A'), LIST)).toEqual([shelf('A'), shelf('A')]);
    expect(listItems([shelf('A'), shelf('B'), shelf('A')], LIST)).toEqual(['A', 'B', 'A'].map(shelf));
  });

  it('finds no list when one of the repeated wrappers holds text', () => {
    expect(listItems([wrapper('A'), 'Shelf B'], LIST)).toBeNull();
  });

  it('tells items from wrappers by the list’s item element, named in the singular', () => {
    expect(listItems([{ subpart: { subpart_id: '4' } }, { subpart: { subpart_id: '4' } }], 'subparts')).toEqual([{ subpart_id: '4' }]);
    expect(listItems([{ subpart: { subpart_id: '4' } }, { subpart: { subpart_id: '4' } }], 'alternate_parts')).toHaveLength(2);
  });
});

describe('valueKey', () => {
  it('is one for values equal as the codec reads them: text, lists in order, fields in any order', () => {
    const same = (a: unknown, b: unknown) => valueKey(a) === valueKey(b);
    expect(same({ name: 'A', has_bins: 'true' }, { has_bins: 'true', name: 'A' })).toBe(true);
    expect(same([{ name: 'A' }, null], [{ name: 'A' }, null])).toBe(true);
    expect(same({ name: 'A' }, { name: 'A', has_bins: null })).toBe(false);
    expect(same([shelf('A'), shelf('B')], [shelf('B'), shelf('A')])).toBe(false);
    expect(same({ a: 'b,c' }, { a: 'b', c: null })).toBe(false);
    expect(same(['a,b'], ['a', 'b'])).toBe(false);
    expect(same('1', 1)).toBe(false);
  });

  it('joins 20,000 different wrappers, more than a request may hold, each kept', () => {
    const wrappers = Array.from({ length: 20_000 }, (_, i) => wrapper(`S${i}`));
    expect(listItems(wrappers, LIST)).toHaveLength(20_000);
  });
});
