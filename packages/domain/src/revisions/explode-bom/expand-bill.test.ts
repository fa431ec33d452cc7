import { describe, expect, it } from 'vitest';
import { expandBill } from './expand-bill';

/** Revisions are numbers; a line is [id, on revision, uses revision]. */
const lines = (...rows: Array<[number, number, number]>) =>
  rows.map(([id, part_revision_id, subpart_part_revision_id]) => ({ id, part_revision_id, subpart_part_revision_id }));
const paths = (items: ReadonlyArray<{ path: number[] }>) => items.map((item) => item.path);
const wide = { maxDepth: 50, limit: 10_000 };

describe('expandBill', () => {
  it('answers one item per path, depth first, siblings by id, a shared sub-assembly under each use', () => {
    // 1 uses 3 (line 12) and 2 (line 11); 2 and 3 both use 4 (lines 13, 14); 4 uses 5 (line 10).
    const bill = lines([10, 4, 5], [11, 1, 2], [12, 1, 3], [13, 2, 4], [14, 3, 4]);
    expect(paths(expandBill(1, bill, wide))).toEqual([[11], [11, 13], [11, 13, 10], [12], [12, 14], [12, 14, 10]]);
    expect(expandBill(1, bill, wide)[2]!.row).toBe(bill[0]);
    expect(expandBill(5, bill, wide)).toEqual([]);
  });

  it('stops at maxDepth levels and at limit items, in path order', () => {
    const bill = lines([1, 1, 2], [2, 2, 3], [3, 3, 4], [4, 1, 5]);
    expect(paths(expandBill(1, bill, { maxDepth: 2, limit: 10 }))).toEqual([[1], [1, 2], [4]]);
    expect(paths(expandBill(1, bill, { maxDepth: 10, limit: 2 }))).toEqual([[1], [1, 2]]);
    expect(expandBill(1, bill, { maxDepth: 10, limit: 0 })).toEqual([]);
  });

  it('ends a loop in the data where a line would come again on its own path', () => {
    // 1 → 2 → 3 → 1, and 3 uses itself.
    const bill = lines([1, 1, 2], [2, 2, 3], [3, 3, 1], [4, 3, 3]);
    expect(paths(expandBill(1, bill, wide))).toEqual([[1], [1, 2], [1, 2, 3], [1, 2, 4], [1, 2, 4, 3]]);
  });

  it('does work bounded by its answer on a lattice of 2^59 paths', () => {
    // Sixty levels of two revisions, each using both below it.
    const rows: Array<[number, number, number]> = [];
    for (let level = 0; level < 59; level++) {
      for (const from of [0, 1]) for (const to of [0, 1]) rows.push([rows.length + 1, level * 2 + from, (level + 1) * 2 + to]);
    }
    const items = expandBill(0, lines(...rows), { maxDepth: 51, limit: 10_001 });
    expect(items).toHaveLength(10_001);
    expect(Math.max(...items.map((item) => item.path.length))).toBe(51);
  });
});
