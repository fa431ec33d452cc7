import type { Context } from '../../../context';
import { errors, type ItemError } from '../../../errors';
import { requirePermission } from '../../../permissions';
import type { ReadTx } from '../../../ports';
import { readRevision, type RevisionShowView } from '../../revision-view';
import { refuseCycles } from '../bill-cycle';
import { findChildren, lockPathAssembly, nextPosition, type Child } from '../bill-lookups';
import { requireDraft } from '../bill-rules';
import { ADDING_PERMISSION, insertLine } from '../change-subparts';
import type { AddSubpartsInput, AddedItem } from './add-subparts-input';

/**
 * Every item's child, looked up together; when any item fails, one 400 listing each failing item
 * (numbered from 1) with all its problems, the request's and the store's (SPEC 7).
 */
async function childrenOf(tx: ReadTx, items: readonly AddedItem[]): Promise<Child[]> {
  const found = await findChildren(tx, items.flatMap((item) => (item.child ? [item.child] : [])));
  let next = 0;
  const children: Child[] = [];
  const failed: ItemError[] = [];
  items.forEach((item, index) => {
    // An item that names no child has a problem of its own already.
    const child = item.child ? found[next++]! : null;
    const problems = typeof child === 'string' ? [...item.problems, child] : item.problems;
    if (typeof child === 'object' && child !== null && problems.length === 0) children.push(child);
    else failed.push({ number: index + 1, messages: problems });
  });
  if (failed.length > 0) throw errors.itemErrors('invalid', 'subparts', 'subpart', failed);
  return children;
}

/**
 * SPEC 4.7 `POST <P>/parts/:part_id/revisions/:id/subparts`: lines added to a draft revision's
 * bill, last, in request order; with `remove_existing` they replace its lines (positions from 1).
 * All or nothing, in one transaction: the revision is locked first, so a concurrent release or
 * bill change takes its turn; the lines written, the bill is checked for a part containing itself.
 * Answers the revision's show with the resulting bill. `input` is the body parsed by
 * `parseAddSubparts` (over HTTP, after the permission check).
 */
export async function addSubparts(ctx: Context, partId: number, revisionId: number, input: AddSubpartsInput): Promise<RevisionShowView> {
  requirePermission(ctx.actor, ADDING_PERMISSION);
  return ctx.store.transaction(async (tx) => {
    const assembly = await lockPathAssembly(tx, partId, revisionId);
    const { part, revision } = assembly;
    requireDraft(revision);
    const children = await childrenOf(tx, input.items);
    const now = ctx.clock.now();
    if (input.removeExisting) await tx.repo('subpart').deleteWhere({ part_revision_id: revision.id });
    const first = input.removeExisting ? 1 : await nextPosition(tx, revision.id);
    for (const [index, { line }] of input.items.entries()) {
      await insertLine(tx, assembly, children[index]!, line, first + index, now);
    }
    await tx.repo('part_revision').update(revision.id, { updated_at: now });
    await refuseCycles(tx, [revision.id]);
    return readRevision(tx, part.id, revision.id);
  });
}
