import type { PartRevision, Subpart } from '../../records';

/** What the loop search reads of a bill line: where it sits and what it lists, both as part and revision. */
export const LINK_COLUMNS = ['id', 'part_id', 'part_revision_id', 'subpart_id', 'subpart_part_revision_id'] as const;
export type Link = Pick<Subpart, (typeof LINK_COLUMNS)[number]>;

/** `lines` by the value of `key`, each group in id order. */
function groupBy(lines: readonly Link[], key: 'part_revision_id' | 'subpart_part_revision_id'): Map<number, Link[]> {
  const groups = new Map<number, Link[]>();
  for (const line of [...lines].sort((a, b) => a.id - b.id)) {
    const group = groups.get(line[key]);
    if (group) group.push(line);
    else groups.set(line[key], [line]);
  }
  return groups;
}

/**
 * The shortest way a part contains itself through `revision`'s bill, as part ids: from a part whose
 * revision is `revision` or holds it at some depth, down through `revision`, to a line listing that
 * part again (`[A, B, A]`: A's revision lists B, whose revision lists A); null when there is none.
 * "Contains" goes through the revisions lines name, so a revision listing another revision of its
 * own part counts too. `below` must hold every line reachable down from `revision`, `above` every
 * line reachable up from it (lines listing it, lines listing those lines' revisions, …); others
 * are passed over. Both walks are breadth first, each revision followed once: linear in the lines,
 * cycles in the data included.
 */
export function shortestLoop(revision: Pick<PartRevision, 'id' | 'part_id'>, below: readonly Link[], above: readonly Link[]): number[] | null {
  // Down: each revision below with the line that first reached it, and each part listed with its shallowest line.
  const billOf = groupBy(below, 'part_revision_id');
  const reachedBy = new Map<number, Link | null>([[revision.id, null]]);
  const listing = new Map<number, { line: Link; depth: number }>();
  for (let level = [revision.id], depth = 1; level.length > 0; depth++) {
    const next: number[] = [];
    for (const at of level) {
      for (const line of billOf.get(at) ?? []) {
        if (!listing.has(line.subpart_id)) listing.set(line.subpart_id, { line, depth });
        if (!reachedBy.has(line.subpart_part_revision_id)) {
          reachedBy.set(line.subpart_part_revision_id, line);
          next.push(line.subpart_part_revision_id);
        }
      }
    }
    level = next;
  }
  // Up: each revision above with the line on its bill that leads toward `revision`, and each part above with its nearest revision.
  const usersOf = groupBy(above, 'subpart_part_revision_id');
  const leadsDown = new Map<number, Link | null>([[revision.id, null]]);
  const holders = new Map<number, { revision: number; distance: number }>([[revision.part_id, { revision: revision.id, distance: 0 }]]);
  for (let level = [revision.id], distance = 1; level.length > 0; distance++) {
    const next: number[] = [];
    for (const at of level) {
      for (const line of usersOf.get(at) ?? []) {
        if (leadsDown.has(line.part_revision_id)) continue;
        leadsDown.set(line.part_revision_id, line);
        next.push(line.part_revision_id);
        if (!holders.has(line.part_id)) holders.set(line.part_id, { revision: line.part_revision_id, distance });
      }
    }
    level = next;
  }
  // The part above (or `revision`'s own) listed below by the fewest lines in all; the nearest first on a tie.
  let best: { part: number; from: number; to: Link; length: number } | null = null;
  for (const [part, holder] of holders) {
    const listed = listing.get(part);
    if (listed && (best === null || holder.distance + listed.depth < best.length)) {
      best = { part, from: holder.revision, to: listed.line, length: holder.distance + listed.depth };
    }
  }
  if (best === null) return null;
  const path = [best.part];
  for (let line = leadsDown.get(best.from); line; line = leadsDown.get(line.subpart_part_revision_id)) path.push(line.subpart_id);
  const downward: number[] = [];
  for (let line: Link | null | undefined = best.to; line; line = reachedBy.get(line.part_revision_id)) downward.unshift(line.subpart_id);
  return [...path, ...downward];
}
