import { describe, expect, it } from 'vitest';
import { deleteRows, insertRow, insertedId, updateRow, writePlan } from '../../write-plan';
import { linksAfter } from './bill-as-planned';
import type { Link } from './bill-loop';

/** Line `id` on revision `at` (of part at / 10), listing revision `to` (of part to / 10). */
const link = (id: number, at: number, to: number): Link => ({ id, part_id: at / 10, part_revision_id: at, subpart_id: to / 10, subpart_part_revision_id: to });
const now = new Date('2024-05-06T07:08:09.123Z');
const newLine = (at: number, to: number) =>
  insertRow('subpart', {
    part_id: at / 10, part_revision_id: at, subpart_id: to / 10, subpart_part_revision_id: to,
    quantity: '1.0', build_sequence: null, designator: null, no_load: false, comment: null, position: 1, created_at: now, updated_at: now,
  });

describe('linksAfter', () => {
  const lines = [link(1, 10, 20), link(2, 10, 30), link(3, 20, 30)];

  it('adds the inserted lines, numbered in plan order from the id given, and passes other tables over', () => {
    const plan = writePlan([newLine(10, 40), newLine(10, 50), updateRow('part_revision', 10, { updated_at: now })]);
    expect(linksAfter(lines, plan, 9)).toEqual([...lines, link(9, 10, 40), link(10, 10, 50)]);
  });

  it('takes out the lines a delete names, by id or by revision, before later inserts', () => {
    expect(linksAfter(lines, writePlan([deleteRows('subpart', { id: 2 })]), 9)).toEqual([lines[0], lines[2]]);
    expect(linksAfter(lines, writePlan([deleteRows('subpart', { part_revision_id: 10 }), newLine(10, 40)]), 9)).toEqual([lines[2], link(9, 10, 40)]);
  });

  it('re-points a line an update names, leaving a line it does not hold as it is', () => {
    const plan = writePlan([updateRow('subpart', 2, { subpart_id: 4, subpart_part_revision_id: 40, quantity: '2.0' }), updateRow('subpart', 99, { subpart_id: 5, subpart_part_revision_id: 50 })]);
    expect(linksAfter(lines, plan, 9)).toEqual([lines[0], link(2, 10, 40), lines[2]]);
    expect(linksAfter(lines, writePlan([updateRow('subpart', 3, { quantity: '2.0' })]), 9)).toEqual(lines);
  });

  it('refuses a step it cannot follow: a delete by another column, a link column holding an earlier insert\'s id', () => {
    expect(() => linksAfter(lines, writePlan([deleteRows('subpart', { quantity: '1.0' })]), 9)).toThrow(/deletes by quantity/);
    const named = insertRow('part_revision', { part_id: 1, revision_name: 'B', status: 'Draft', created_at: now, updated_at: now } as never, 'draft');
    const plan = writePlan([named, { ...newLine(10, 40), values: { ...newLine(10, 40).values, subpart_part_revision_id: insertedId('draft') } }]);
    expect(() => linksAfter(lines, plan, 9)).toThrow(/subpart_part_revision_id must be a number/);
  });
});
