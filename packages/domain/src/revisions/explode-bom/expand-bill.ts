import type { TreeItem } from '../../read-plan';
import type { Subpart } from '../../records';

type Line = Pick<Subpart, 'id' | 'part_revision_id' | 'subpart_part_revision_id'>;

/**
 * A bill's distinct lines (every line reachable below `revisionId`, each once, as a `reach`
 * answers them) as one item per path, as a `tree` would answer them: depth first, siblings by id,
 * a line never twice on one path (a loop in data written before loops were refused ends there),
 * at most `limit` items and `maxDepth` levels. The walk stops at either bound, so its work is
 * bounded by what it answers, never by how many paths a bill of shared sub-assemblies has.
 */
export function expandBill<R extends Line>(revisionId: number, lines: readonly R[], bounds: { maxDepth: number; limit: number }): Array<TreeItem<R>> {
  const billOf = new Map<number, R[]>();
  for (const line of [...lines].sort((a, b) => a.id - b.id)) {
    const bill = billOf.get(line.part_revision_id);
    if (bill) bill.push(line);
    else billOf.set(line.part_revision_id, [line]);
  }
  const items: Array<TreeItem<R>> = [];
  const visit = (revision: number, path: readonly number[]): boolean => {
    for (const row of billOf.get(revision) ?? []) {
      if (path.includes(row.id)) continue;
      if (items.length >= bounds.limit) return false;
      const own = [...path, row.id];
      items.push({ row, path: own });
      if (own.length < bounds.maxDepth && !visit(row.subpart_part_revision_id, own)) return false;
    }
    return true;
  };
  visit(revisionId, []);
  return items;
}
