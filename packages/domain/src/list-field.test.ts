import { describe, expect, it } from 'vitest';
import { listItems } from './list-field';

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
