import { describe, expect, it } from 'vitest';
import { parseChanges, parseCreate, parseListField, problems } from './parse-input';

const specs = {
  name: { type: 'string', required: true },
  count: { type: 'int' },
  active: { type: 'bool', default: true },
} as const;

describe('parse step', () => {
  it('types what a create reads, filling defaults', () => {
    const found = problems();
    const values = parseCreate(specs, { name: 'A', count: '3' }, found);
    found.check();
    // The types follow the specs: a required field and a defaulted one are never null.
    const name: string = values.name;
    const active: boolean = values.active;
    const count: number | null = values.count;
    expect({ name, active, count }).toEqual({ name: 'A', active: true, count: 3 });
  });

  it('gathers every error of every section before throwing once', () => {
    const found = problems();
    parseCreate(specs, { count: 'x' }, found);
    parseCreate({ revision_name: { type: 'string', required: true } }, {}, found);
    expect(() => found.check()).toThrow(
      expect.objectContaining({
        code: 'invalid',
        messages: ["Name can't be blank", 'Count must be an integer', "Revision name can't be blank"],
      }),
    );
  });

  it('reads only the fields an update sends', () => {
    const found = problems();
    expect(parseChanges(specs, { count: '' }, found)).toEqual({ count: null });
    expect(found.list).toEqual([]);
  });

  it('reads list items however they are spelled, naming the list in item errors', () => {
    const found = problems();
    const read = (item: unknown, own: ReturnType<typeof problems>) => parseCreate({ part_id: { type: 'int', required: true } }, item, own);
    const one = parseListField({ alternate_parts: { alternate_part: { part_id: '4' } } }, 'alternate_parts', found, read);
    const many = parseListField({ alternate_parts: [{ part_id: '5' }, {}] }, 'alternate_parts', found, read);
    expect(one).toEqual([{ part_id: 4 }]);
    expect(many).toEqual([{ part_id: 5 }, {}]);
    // The second item of the second list, counted from 0.
    expect(found.list).toEqual([{ field: 'alternate_parts[1].part_id', message: "Alternate parts part can't be blank" }]);
    parseListField({ alternate_parts: 'text' }, 'alternate_parts', found, read);
    expect(found.list.at(-1)).toEqual({ field: 'alternate_parts', message: 'Alternate parts must be a list' });
  });

  it('reads a list whose items are told apart by a field with each once, and any other with every item', () => {
    const found = problems();
    const read = (item: unknown, own: ReturnType<typeof problems>) => parseCreate({ part_id: { type: 'int', required: true } }, item, own);
    const sent = { alternate_parts: [{ alternate_part: [{ part_id: '4' }, { part_id: ' 4 ' }, { part_id: '5' }] }, { alternate_part: { part_id: '5' } }] };
    expect(parseListField(sent, 'alternate_parts', found, read, { distinctBy: 'part_id' })).toEqual([{ part_id: 4 }, { part_id: 5 }]);
    expect(parseListField(sent, 'alternate_parts', found, read)).toEqual([{ part_id: 4 }, { part_id: 4 }, { part_id: 5 }, { part_id: 5 }]);
    expect(found.list).toEqual([]);
  });
});
