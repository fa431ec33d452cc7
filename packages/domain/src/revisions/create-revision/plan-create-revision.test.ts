import { describe, expect, it } from 'vitest';
import { refusal } from '../../scenarios/refusal.test-helper';
import { insertedId } from '../../write-plan';
import { attributeRow, lineRow, partRow, revisionRow } from '../revision-fixtures.test-helper';
import { checkCreateRevision, planCreateRevision } from './plan-create-revision';

const part = partRow(3, { partnumber: 'ASSY-1' });
const loaded = (statuses: string[] = ['Obsolete', 'Active']) => ({
  part,
  revisions: statuses.map((status, i) => revisionRow(10 + i, 3, String.fromCharCode(65 + i), status)),
  attributes: [],
  lines: [],
});
const input = (fields: { revision_name?: string | null; revision_description?: string | null } = {}, sourceId = 11, copyLines = true) => ({
  sourceId,
  copyLines,
  fields: { revision_name: null, revision_description: null, ...fields },
});

describe('checkCreateRevision', () => {
  it('names the draft after its source with the first name the part does not use', () => {
    expect(checkCreateRevision(loaded(), input())).toMatchObject({ source: { id: 11 }, name: 'C' });
    expect(checkCreateRevision(loaded(), input({}, 10))).toMatchObject({ source: { id: 10 }, name: 'C' });
    expect(checkCreateRevision(loaded(), input({ revision_name: 'X1' }))).toMatchObject({ name: 'X1' });
  });

  it('refuses another part\'s source (404), then a second draft (422), then a name taken (400)', () => {
    expect(refusal(() => checkCreateRevision(loaded(['Draft']), input({ revision_name: 'A' }, 99)))).toMatchObject({ code: 'not_found' });
    expect(refusal(() => checkCreateRevision(loaded(['Active', 'Draft']), input({ revision_name: 'A' })))).toMatchObject({
      code: 'unprocessable',
      messages: [expect.stringContaining('ASSY-1')],
    });
    expect(refusal(() => checkCreateRevision(loaded(), input({ revision_name: 'A' })))).toMatchObject({
      code: 'invalid',
      messages: ['Revision name has already been taken'],
    });
  });
});

describe('planCreateRevision', () => {
  const now = new Date('2024-05-06T07:08:09.123Z');
  const source = revisionRow(11, 3, 'B', 'Active');
  const content = {
    attributes: [attributeRow(40, 11, 'x_size', 2), attributeRow(41, 11, 'x_color', 1)],
    lines: [lineRow(70, 3, 11, 5, 50, 1), lineRow(71, 3, 11, 6, 60, 2)],
  };

  it('plans the draft named, its attributes and its copied lines referring to it', () => {
    const { plan, draft, attributes, lines } = planCreateRevision(source, content, input({ revision_description: 'next' }), 'C', { creatorId: 7, now });
    const stamped = { created_at: now, updated_at: now };
    expect(plan.steps).toEqual([
      {
        kind: 'insert',
        table: 'part_revision',
        name: 'draft',
        values: {
          part_id: 3,
          revision_name: 'C',
          revision_description: 'next',
          creator_id: 7,
          released_at: null,
          releasor_id: null,
          comment: 'comment 11',
          description: 'description 11',
          rohs: true,
          status: 'Draft',
          ...stamped,
        },
      },
      { kind: 'insert', table: 'part_revision_attribute', values: { name: 'x_size', position: 2, part_revision_id: insertedId('draft') } },
      { kind: 'insert', table: 'part_revision_attribute', values: { name: 'x_color', position: 1, part_revision_id: insertedId('draft') } },
      ...[70, 71].map((id, i) => ({
        kind: 'insert',
        table: 'subpart',
        values: { ...lineRow(id, 3, 11, 5 + i, 50 + 10 * i, 1 + i), id: undefined, ...stamped, part_revision_id: insertedId('draft') },
      })),
    ]);
    expect([draft, ...attributes, ...lines]).toEqual(plan.steps);
  });

  it('copies no line when asked not to', () => {
    const { plan, lines } = planCreateRevision(source, content, input({}, 11, false), 'C', { creatorId: 7, now });
    expect(lines).toEqual([]);
    expect(plan.steps.map((step) => step.table)).toEqual(['part_revision', 'part_revision_attribute', 'part_revision_attribute']);
  });
});
