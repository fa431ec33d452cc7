import { describe, expect, it } from 'vitest';
import type { PartRevision } from '../../records';
import { cyclePath, requireDraft } from './bill-rules';

const revision = (status: string) => ({ revision_name: 'B', status }) as PartRevision;

describe('requireDraft', () => {
  it('lets a draft through and refuses any other status with 422', () => {
    expect(() => requireDraft(revision('Draft'))).not.toThrow();
    for (const status of ['Active', 'Obsolete']) {
      expect(() => requireDraft(revision(status))).toThrow(
        expect.objectContaining({ code: 'unprocessable', messages: [`Subparts can be changed only on a draft revision: revision B is ${status}`] }),
      );
    }
  });
});

describe('cyclePath', () => {
  const A = { id: 1, partnumber: 'A' };
  const B = { id: 2, partnumber: 'B' };
  const names = new Map([
    [1, 'A'],
    [2, 'B'],
    [3, 'C'],
  ]);

  it('names a part added to itself', () => {
    expect(cyclePath(A, A, [], names)).toEqual(['A', 'A']);
  });

  it('finds the assembly at any depth below the child, by the shortest way', () => {
    // Below B: line 10 lists C; under C, line 11 lists A; and line 12 (directly under B) lists A too.
    const below = [
      { row: { id: 10, subpart_id: 3 }, path: [10] },
      { row: { id: 11, subpart_id: 1 }, path: [10, 11] },
      { row: { id: 12, subpart_id: 1 }, path: [12] },
    ];
    expect(cyclePath(A, B, below, names)).toEqual(['A', 'B', 'A']);
    expect(cyclePath(A, B, below.slice(0, 2), names)).toEqual(['A', 'B', 'C', 'A']);
  });

  it('answers null when the assembly is nowhere below', () => {
    expect(cyclePath(A, B, [{ row: { id: 10, subpart_id: 3 }, path: [10] }], names)).toBeNull();
  });
});
