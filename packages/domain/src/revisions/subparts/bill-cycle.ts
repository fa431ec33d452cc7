import { errors, messages } from '../../errors';
import type { Tx } from '../../ports';
import { many, param, reach } from '../../read-plan';
import { LINK_COLUMNS, shortestLoop } from './bill-loop';

/**
 * What the check reads, in one statement: the revisions whose bills changed, every line below them
 * and every line above them, each reached once whatever the depth (a `reach`, not a tree: no bound,
 * no path, linear in the lines).
 */
const structurePlan = {
  changed: many('part_revision', { id: { $in: param('revisions') } }, { columns: ['id', 'part_id'] }),
  below: reach('subpart', { part_revision_id: { $in: param('revisions') } }, { parent: 'part_revision_id', child: 'subpart_part_revision_id', columns: LINK_COLUMNS }),
  above: reach('subpart', { subpart_part_revision_id: { $in: param('revisions') } }, { parent: 'subpart_part_revision_id', child: 'part_revision_id', columns: LINK_COLUMNS }),
};

/** The part numbers a refusal names (read only when there is one). */
const partnumbersPlan = { parts: many('part', { id: { $in: param('parts') } }, { columns: ['id', 'partnumber'] }) };

/**
 * Refuses (422, naming the shortest path) when the bills of `revisionIds`, as this transaction has
 * written them, make a part contain itself at any depth: through lines below a revision, and
 * through the revisions that hold it above, since a line added low can close a loop that starts
 * high. Every write that adds or re-points bill lines calls it with the revisions whose lines it
 * wrote, as its last step: it takes the `bill_structure` lock first, so such writes check one at a
 * time, each seeing what the ones before it committed, and two of them never together make a loop
 * neither would alone. The rule holds by construction, with no bound on depth or lines.
 */
export async function refuseCycles(tx: Tx, revisionIds: readonly number[]): Promise<void> {
  const revisions = [...new Set(revisionIds)];
  if (revisions.length === 0) return;
  await tx.takeLock('bill_structure');
  const loaded = await tx.load(structurePlan, { revisions });
  for (const revision of loaded.changed) {
    const loop = shortestLoop(revision, loaded.below, loaded.above);
    if (!loop) continue;
    const { parts } = await tx.load(partnumbersPlan, { parts: [...new Set(loop)] });
    const partnumbers = new Map(parts.map((part) => [part.id, part.partnumber]));
    throw errors.unprocessable([messages.containsItself(loop.map((id) => partnumbers.get(id) ?? String(id)))]);
  }
}
