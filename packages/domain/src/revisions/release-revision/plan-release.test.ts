import { describe, expect, it } from 'vitest';
import type { InventoryUnit } from '../../records';
import { refusal } from '../../scenarios/refusal.test-helper';
import { insertedId } from '../../write-plan';
import { attributeRow, lineRow, partRow, revisionRow } from '../revision-fixtures.test-helper';
import { checkRelease, planRelease, type ReleaseLoaded } from './plan-release';
import { parseRelease } from './release-input';

const now = new Date('2024-05-06T07:08:09.123Z');
const stamp = { creatorId: 7, now };
const unit = (id: number, quantity: string): InventoryUnit => ({ ...({} as InventoryUnit), id, part_id: 3, quantity });

/**
 * Part 3 (revision 10 active, 11 the draft released) is listed by part 4's current revision 20,
 * whose draft 21 lists it too, and by part 5's current revision 30, which has no draft.
 */
function setting(): ReleaseLoaded {
  const holder4 = partRow(4, { partnumber: 'ASSY-4', active_revision_id: 20 });
  const holder5 = partRow(5, { partnumber: 'ASSY-5', active_revision_id: 30 });
  return {
    part: partRow(3, { active_revision_id: 10 }),
    revisions: [revisionRow(10, 3, 'A', 'Active'), revisionRow(11, 3, 'B', 'Draft')],
    units: [unit(60, '5.0'), unit(61, '2.0')],
    ancestors: [
      { part: holder4, draft: revisionRow(21, 4, 'B', 'Draft') },
      { part: holder5, draft: null },
    ],
    ancestorRevisions: [revisionRow(20, 4, 'A', 'Active'), revisionRow(21, 4, 'B', 'Draft'), revisionRow(29, 5, 'B', 'Obsolete'), revisionRow(30, 5, 'A', 'Active')],
    attributes: [attributeRow(90, 30, 'x_size', 1)],
    lines: [lineRow(80, 4, 20, 3, 10, 1), lineRow(81, 4, 21, 3, 10, 1), lineRow(82, 4, 21, 3, 11, 2), lineRow(85, 5, 30, 8, 88, 1), lineRow(84, 5, 30, 3, 10, 2)],
  };
}

describe('checkRelease', () => {
  it('refuses in SPEC 4.7\'s order: not the part\'s (404), a stranger unit (400), not a draft (422), a name taken (400), the ancestor guard (422)', () => {
    const loaded = setting();
    const stranger = { inventory_units: [{ id: '62', action: 'keep' }], revision_name: 'A' };
    expect(refusal(() => checkRelease(loaded, 12, parseRelease(stranger)))).toMatchObject({ code: 'not_found' });
    expect(refusal(() => checkRelease(loaded, 10, parseRelease(stranger)))).toMatchObject({ code: 'invalid', messages: ['Inventory unit 62 is not a unit of this part'] });
    expect(refusal(() => checkRelease(loaded, 10, parseRelease({ revision_name: 'A' })))).toMatchObject({
      code: 'unprocessable',
      messages: ['Only a draft revision can be released: revision A is Active'],
    });
    expect(refusal(() => checkRelease(loaded, 11, parseRelease({ revision_name: 'A' })))).toMatchObject({ code: 'invalid', messages: ['Revision name has already been taken'] });
    expect(refusal(() => checkRelease(loaded, 11, parseRelease({})))).toMatchObject({ code: 'unprocessable', messages: [expect.stringContaining('ASSY-5')] });
    const { revision, ancestors } = checkRelease(loaded, 11, parseRelease({ revision_name: 'B' }, 'true'));
    expect([revision.id, ancestors.updateDraft.map((a) => a.part.id), ancestors.newDraft.map((a) => a.part.id)]).toEqual([11, [4], [5]]);
  });
});

describe('planRelease', () => {
  it('disposes the units listed, obsoletes the active revision, releases the draft, re-points the ancestor draft and copies a new one', () => {
    const loaded = setting();
    const input = parseRelease({ revision_name: 'B1', inventory_units: [{ id: '61', action: 'dispose', disposition_comment: 'scrap' }, { id: '60', action: 'keep' }] }, 'true');
    const { revision, ancestors } = checkRelease(loaded, 11, input);
    const { plan, repointedDrafts, newDrafts } = planRelease(loaded, revision, ancestors, input, stamp);
    const stamped = { created_at: now, updated_at: now };
    expect(plan.steps).toEqual([
      { kind: 'update', table: 'inventory_unit', id: 61, patch: { quantity: '0.0', updated_at: now }, expected: { quantity: '2.0' } },
      {
        kind: 'insert',
        table: 'inventory_record',
        values: expect.objectContaining({ inventory_unit_id: 61, record_type: 'dispose', quantity_before: '2.0', quantity_after: '0.0', comment: 'scrap', creator_id: 7 }),
      },
      { kind: 'update', table: 'part_revision', id: 10, patch: { status: 'Obsolete', updated_at: now }, expected: { status: 'Active' } },
      {
        kind: 'update',
        table: 'part_revision',
        id: 11,
        patch: { revision_name: 'B1', status: 'Active', released_at: now, releasor_id: 7, updated_at: now },
        expected: { status: 'Draft' },
      },
      { kind: 'update', table: 'part', id: 3, patch: { active_revision_id: 11, updated_at: now } },
      // Only the draft's line still naming another revision of the part.
      { kind: 'update', table: 'subpart', id: 81, patch: { subpart_part_revision_id: 11, updated_at: now } },
      {
        kind: 'insert',
        table: 'part_revision',
        name: 'draft-5',
        values: expect.objectContaining({ part_id: 5, revision_name: 'C', revision_description: null, status: 'Draft', creator_id: 7, comment: 'comment 30' }),
      },
      { kind: 'insert', table: 'part_revision_attribute', values: { name: 'x_size', position: 1, part_revision_id: insertedId('draft-5') } },
      {
        kind: 'insert',
        table: 'subpart',
        values: expect.objectContaining({ part_revision_id: insertedId('draft-5'), subpart_id: 8, subpart_part_revision_id: 88, position: 1, ...stamped }),
      },
      {
        kind: 'insert',
        table: 'subpart',
        values: expect.objectContaining({ part_revision_id: insertedId('draft-5'), subpart_id: 3, subpart_part_revision_id: 11, position: 2, ...stamped }),
      },
    ]);
    expect(repointedDrafts).toEqual([21]);
    expect(newDrafts).toEqual([plan.steps[6]]);
  });

  it('writes only the release when nothing is listed and no ancestor is up-revised', () => {
    const loaded = { ...setting(), ancestors: [] };
    const input = parseRelease({});
    const { revision, ancestors } = checkRelease(loaded, 11, input);
    const { plan, repointedDrafts, newDrafts } = planRelease(loaded, revision, ancestors, input, stamp);
    expect(plan.steps.map((step) => [step.kind, step.table, 'id' in step ? step.id : null])).toEqual([
      ['update', 'part_revision', 10],
      ['update', 'part_revision', 11],
      ['update', 'part', 3],
    ]);
    expect([repointedDrafts, newDrafts]).toEqual([[], []]);
  });
});
