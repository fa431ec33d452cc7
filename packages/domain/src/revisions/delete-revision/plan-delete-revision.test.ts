import { describe, expect, it } from 'vitest';
import { refusal } from '../../scenarios/refusal.test-helper';
import { partRow, revisionRow } from '../revision-fixtures.test-helper';
import { checkDeleteRevision, planDeleteRevision } from './plan-delete-revision';

const part = partRow(3, { active_revision_id: 10 });
const revisions = [revisionRow(10, 3, 'A', 'Active'), revisionRow(11, 3, 'B', 'Draft')];
const loaded = (fields: { users?: number; attachments?: number } = {}) => ({ part, revisions, users: 0, attachments: 0, ...fields });

describe('checkDeleteRevision', () => {
  it('refuses in SPEC 4.7\'s order: not the part\'s (404), not a draft, the last one, used on a bill, attached (422)', () => {
    expect(refusal(() => checkDeleteRevision(loaded({ users: 1 }), 12))).toMatchObject({ code: 'not_found' });
    expect(refusal(() => checkDeleteRevision(loaded({ users: 1 }), 10))).toMatchObject({
      code: 'unprocessable',
      messages: ['Only a draft revision can be deleted: revision A is Active'],
    });
    expect(refusal(() => checkDeleteRevision({ ...loaded({ users: 1 }), revisions: [revisions[1]!] }, 11))).toMatchObject({
      messages: ['The last revision of a part cannot be deleted'],
    });
    expect(refusal(() => checkDeleteRevision(loaded({ users: 1, attachments: 1 }), 11))).toMatchObject({ code: 'unprocessable', messages: [expect.stringContaining('subpart')] });
    expect(refusal(() => checkDeleteRevision(loaded({ attachments: 1 }), 11))).toMatchObject({ code: 'unprocessable', messages: [expect.stringContaining('attachment')] });
    expect(checkDeleteRevision(loaded(), 11)).toBe(revisions[1]);
  });
});

describe('planDeleteRevision', () => {
  it('plans the attributes, the bill and the revision away', () => {
    expect(planDeleteRevision(part, revisions, revisions[1]!).steps).toEqual([
      { kind: 'delete', table: 'part_revision_attribute', where: { part_revision_id: 11 } },
      { kind: 'delete', table: 'subpart', where: { part_revision_id: 11 } },
      { kind: 'delete', table: 'part_revision', where: { id: 11 } },
    ]);
  });

  it('points the part at its latest other revision first when it deletes the active one', () => {
    const drafts = [revisionRow(10, 3, 'A', 'Draft'), revisionRow(12, 3, 'C', 'Draft'), revisionRow(11, 3, 'B', 'Draft')];
    expect(planDeleteRevision(part, drafts, drafts[0]!).steps.slice(2)).toEqual([
      { kind: 'update', table: 'part', id: 3, patch: { active_revision_id: 12 } },
      { kind: 'delete', table: 'part_revision', where: { id: 10 } },
    ]);
  });
});
