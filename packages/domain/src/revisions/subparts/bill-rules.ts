import { errors, messages } from '../../errors';
import type { Part, PartRevision, Subpart } from '../../records';

/** A bill changes only on a draft revision (SPEC 3): 422 otherwise. */
export function requireDraft(revision: PartRevision): void {
  if (revision.status !== 'Draft') throw errors.unprocessable([messages.draftOnly(revision.revision_name, revision.status)]);
}

/** A line reached below a child revision, with the ids of the lines leading to it (itself last). */
export interface LineBelow {
  readonly row: Pick<Subpart, 'id' | 'subpart_id'>;
  readonly path: readonly number[];
}

type Named = Pick<Part, 'id' | 'partnumber'>;

/**
 * The shortest way `assembly` would contain itself once `child` is on its bill, as part numbers
 * from the assembly back to it; null when it would not. `below` is every line under the child's
 * revision (any depth), `partnumbers` names the parts they list.
 */
export function cyclePath(assembly: Named, child: Named, below: readonly LineBelow[], partnumbers: ReadonlyMap<number, string>): string[] | null {
  if (child.id === assembly.id) return [assembly.partnumber, assembly.partnumber];
  const lines = new Map(below.map((item) => [item.row.id, item.row]));
  let shortest: LineBelow | null = null;
  for (const item of below) {
    if (item.row.subpart_id === assembly.id && (shortest === null || item.path.length < shortest.path.length)) shortest = item;
  }
  if (!shortest) return null;
  const through = shortest.path.map((lineId) => partnumbers.get(lines.get(lineId)?.subpart_id ?? -1) ?? '?');
  return [assembly.partnumber, child.partnumber, ...through];
}
