import { describe, expect, it } from 'vitest';
import { parseAddSubparts } from './add-subparts-input';

const line = { quantity: '2.0', build_sequence: null, designator: null, no_load: false, comment: null };

describe('parseAddSubparts', () => {
  it('reads every item in order, whatever way the list is spelled; remove_existing as true/false/1/0', () => {
    const items = [
      { subpart_id: '4', quantity: '2' },
      { subpart_id: '5', subpart_part_revision_id: '9', quantity: '0.50', build_sequence: '3', designator: 'R1', no_load: '1', comment: 'hand fit' },
    ];
    const expected = {
      removeExisting: false,
      items: [
        { child: { partId: 4, revisionId: null }, line, problems: [] },
        {
          child: { partId: 5, revisionId: 9 },
          line: { quantity: '0.5', build_sequence: 3, designator: 'R1', no_load: true, comment: 'hand fit' },
          problems: [],
        },
      ],
    };
    expect(parseAddSubparts({ subparts: items })).toEqual(expected);
    expect(parseAddSubparts({ subparts: { subpart: items } })).toEqual(expected);
    expect(parseAddSubparts({ subparts: { 0: items[0], 1: items[1] } })).toEqual(expected);
    expect(parseAddSubparts({ subparts: { subpart: items[0] }, remove_existing: '1' })).toMatchObject({ removeExisting: true, items: [expected.items[0]] });
    expect(parseAddSubparts({ subparts: items, remove_existing: 'false' }).removeExisting).toBe(false);
  });

  it('keeps a line sent twice as two lines, and reads the whole list sent again as that list once', () => {
    const a = { subpart_id: '4', quantity: '1' };
    const b = { subpart_id: '5', quantity: '2' };
    const children = (raw: unknown) => parseAddSubparts(raw).items.map((item) => item.child?.partId);
    expect(children({ subparts: [a, a, b] })).toEqual([4, 4, 5]);
    expect(children({ subparts: [{ subpart: [a, b] }, { subpart: [a, b] }] })).toEqual([4, 5]);
    expect(children({ subparts: [[a, b], [a, b]] })).toEqual([4, 5]);
    expect(children({ subparts: [{ subpart: a }, { subpart: [a, b] }] })).toEqual([4, 4, 5]);
  });

  it('keeps each item\'s own problems with it, in SPEC 7\'s words, without refusing yet', () => {
    const input = parseAddSubparts({
      subparts: [{ subpart_id: '4', quantity: '-1' }, { quantity: '1' }, { subpart_id: '6' }, { subpart_id: 'x', quantity: '1', no_load: 'maybe' }],
    });
    expect(input.items.map((item) => [item.child, item.problems])).toEqual([
      [{ partId: 4, revisionId: null }, ['Quantity must be nonnegative.']],
      [null, ['You must specify a valid subpart.']],
      [{ partId: 6, revisionId: null }, ["Quantity can't be blank"]],
      [null, ['Subpart must be an integer', 'No load must be true or false']],
    ]);
  });

  it('refuses the request as a whole (400): no list, an empty one, text for one, a bad remove_existing', () => {
    for (const raw of [undefined, null, '', {}, { subparts: [] }, { subparts: '' }, { subparts: {} }, { remove_existing: '1' }]) {
      expect(() => parseAddSubparts(raw)).toThrow(expect.objectContaining({ code: 'invalid', messages: ['No subparts specified.'] }));
    }
    expect(() => parseAddSubparts({ subparts: 'R1' })).toThrow(expect.objectContaining({ messages: ['Subparts must be a list'] }));
    expect(() => parseAddSubparts({ subparts: [], remove_existing: 'yes' })).toThrow(
      expect.objectContaining({ messages: ['Remove existing must be true or false', 'No subparts specified.'] }),
    );
  });
});
