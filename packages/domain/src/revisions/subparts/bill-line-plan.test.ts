import { describe, expect, it } from 'vitest';
import { planAddLines, planLineChange, planLineRemoval } from './bill-line-plan';
import { parseSubpartChanges } from './subpart-input';

const now = new Date('2024-05-06T07:08:09.123Z');
const assembly = { part: { id: 3 }, revision: { id: 30 } };
const line = (quantity: string, fields: { designator?: string | null; no_load?: boolean } = {}) => ({
  quantity,
  build_sequence: null,
  designator: null,
  no_load: false,
  comment: null,
  ...fields,
});
/** The row a new line on revision 30 of part 3 is written as, the `index`th of its plan. */
const inserted = (child: number, position: number, fields: ReturnType<typeof line>, index = 0) => ({
  kind: 'insert',
  table: 'subpart',
  values: { part_id: 3, part_revision_id: 30, subpart_id: child, subpart_part_revision_id: child * 10, ...fields, position, created_at: now, updated_at: now },
  name: `line${index}`,
});
const touched = { kind: 'update', table: 'part_revision', id: 30, patch: { updated_at: now } };

describe('planAddLines', () => {
  it('inserts the lines in order from the first position, then marks the revision changed', () => {
    const added = [
      { child: { part: { id: 5 }, revisionId: 50 }, line: line('2.5', { designator: 'R1', no_load: true }) },
      { child: { part: { id: 6 }, revisionId: 60 }, line: line('1.0') },
    ];
    const { plan, lines, revision } = planAddLines(assembly, added, 4, now);
    expect(plan.steps).toEqual([inserted(5, 4, added[0]!.line), inserted(6, 5, added[1]!.line, 1), touched]);
    expect(lines).toEqual([plan.steps[0], plan.steps[1]]);
    expect(revision).toBe(plan.steps[2]);
  });

  it('replacing the bill, takes every line off it first', () => {
    const added = [{ child: { part: { id: 5 }, revisionId: 50 }, line: line('1.0') }];
    const { plan } = planAddLines(assembly, added, 1, now, true);
    expect(plan.steps).toEqual([{ kind: 'delete', table: 'subpart', where: { part_revision_id: 30 } }, inserted(5, 1, added[0]!.line), touched]);
  });
});

describe('planLineChange and planLineRemoval', () => {
  const onBill = { id: 70, part_revision_id: 30 };

  it('updates only the fields sent, and marks the revision changed', () => {
    const { plan, line: update } = planLineChange(onBill, parseSubpartChanges({ quantity: '3', comment: 'last' }).line, null, now);
    expect(plan.steps).toEqual([{ kind: 'update', table: 'subpart', id: 70, patch: { quantity: '3.0', comment: 'last', updated_at: now } }, touched]);
    expect(update).toBe(plan.steps[0]);
  });

  it('re-points the line to the child named', () => {
    const { plan } = planLineChange(onBill, parseSubpartChanges({ part_id: '9' }).line, { part: { id: 9 }, revisionId: 90 }, now);
    expect(plan.steps[0]).toEqual({ kind: 'update', table: 'subpart', id: 70, patch: { subpart_id: 9, subpart_part_revision_id: 90, updated_at: now } });
  });

  it('removes the line by its id, and marks the revision changed', () => {
    expect(planLineRemoval(onBill, now).steps).toEqual([{ kind: 'delete', table: 'subpart', where: { id: 70 } }, touched]);
  });
});
