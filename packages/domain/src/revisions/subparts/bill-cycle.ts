import { errors, messages } from '../../errors';
import type { ReadTx } from '../../ports';
import { many, ref, tree } from '../../read-plan';
import type { Part } from '../../records';
import { cyclePath } from './bill-rules';

/** Bills nest at most this deep: a deeper walk is cut (and a cycle through it is not seen). */
export const MAX_BILL_DEPTH = 50;
/** The most lines one check reads below the children it is given. */
const MAX_LINES_BELOW = 200_000;

/**
 * Refuses (422, naming the path) when adding any of `children` to `assembly`'s bill would make the
 * assembly contain itself, at any depth: every line below the children's revisions, with the part
 * numbers they list, in one statement however deep the bills go.
 */
export async function refuseCycles(
  tx: ReadTx,
  assembly: Pick<Part, 'id' | 'partnumber'>,
  children: ReadonlyArray<{ readonly part: Pick<Part, 'id' | 'partnumber'>; readonly revisionId: number }>,
): Promise<void> {
  if (children.length === 0) return;
  const loaded = await tx.load({
    below: tree(
      'subpart',
      { part_revision_id: { $in: [...new Set(children.map((child) => child.revisionId))] } },
      { parent: 'part_revision_id', child: 'subpart_part_revision_id', maxDepth: MAX_BILL_DEPTH, limit: MAX_LINES_BELOW, columns: ['id', 'part_revision_id', 'subpart_id', 'subpart_part_revision_id'] },
    ),
    parts: many('part', { id: ref('below', 'subpart_id') }, { columns: ['id', 'partnumber'] }),
  });
  const partnumbers = new Map(loaded.parts.map((part) => [part.id, part.partnumber]));
  const lines = new Map(loaded.below.map((item) => [item.row.id, item.row]));
  for (const child of children) {
    // Only the lines under this child's own revision: the first line of each path hangs from it.
    const under = loaded.below.filter((item) => lines.get(item.path[0] ?? -1)?.part_revision_id === child.revisionId);
    const path = cyclePath(assembly, child.part, under, partnumbers);
    if (path) throw errors.unprocessable([messages.containsItself(path)]);
  }
}
