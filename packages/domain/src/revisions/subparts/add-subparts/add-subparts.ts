import { withEvents } from '../../../events';
import { billLineEvents } from '../../revision-events';
import type { Context } from '../../../context';
import { errors, type ItemError } from '../../../errors';
import { inDefinedOrder } from '../../../parts/custom-attributes';
import { requirePermission } from '../../../permissions';
import { many } from '../../../read-plan';
import type { Subpart } from '../../../records';
import { billLines } from '../../bill-lines';
import type { RevisionShowView } from '../../revision-view';
import { lockBillStructure, refusePlannedLoops } from '../bill-cycle';
import { childrenEntries, childrenFrom, pathAssemblyEntries, pathAssemblyFrom, type Child, type ChildIds, type LoadedChildren } from '../bill-lookups';
import { planAddLines } from '../bill-line-plan';
import { requireDraft } from '../bill-rules';
import { ADDING_PERMISSION } from '../change-subparts';
import type { AddSubpartsInput, AddedItem } from './add-subparts-input';

/** The ids of the children the items name (an item naming none has a problem of its own already). */
const namedChildren = (items: readonly AddedItem[]): ChildIds[] => items.flatMap((item) => (item.child ? [item.child] : []));

/**
 * Every item's child, from what `childrenEntries` found for them all; when any item fails, one 400
 * listing each failing item (numbered from 1) with all its problems, the request's and the store's
 * (SPEC 7).
 */
function childrenOf(items: readonly AddedItem[], loaded: LoadedChildren): Child[] {
  const found = childrenFrom(namedChildren(items), loaded);
  let next = 0;
  const children: Child[] = [];
  const failed: ItemError[] = [];
  items.forEach((item, index) => {
    const child = item.child ? found[next++]! : null;
    const problems = typeof child === 'string' ? [...item.problems, child] : item.problems;
    if (typeof child === 'object' && child !== null && problems.length === 0) children.push(child);
    else failed.push({ number: index + 1, messages: problems });
  });
  if (failed.length > 0) throw errors.itemErrors('invalid', 'subparts', 'subpart', failed);
  return children;
}

/** What the answer needs besides the written rows, read with the lines around the bill (after the revision's lock): its bill as it stands, and its attributes. */
const billEntries = (revisionId: number) => ({
  lines: billLines(revisionId),
  attributes: many('part_revision_attribute', { part_revision_id: revisionId }),
});

/** A bill's lines in their order: by position, then by id. */
const inBillOrder = (lines: readonly Subpart[]): Subpart[] => [...lines].sort((a, b) => a.position - b.position || a.id - b.id);

/**
 * SPEC 4.7 `POST <P>/parts/:part_id/revisions/:id/subparts`: lines added to a draft revision's
 * bill, last, in request order; with `remove_existing` they replace its lines (positions from 1).
 * All or nothing, in one transaction: one read locks the revision (so a concurrent release or bill
 * change takes its turn) and finds every item's child; then, under the `bill_structure` lock, the
 * lines around the bill, its lines and attributes; the planned bill is checked for a part
 * containing itself, and written. Answers the revision's show with the resulting bill, built from
 * what was read and written. `input` is the body parsed by `parseAddSubparts` (over HTTP, after
 * the permission check).
 */
export async function addSubparts(ctx: Context, partId: number, revisionId: number, input: AddSubpartsInput): Promise<RevisionShowView> {
  requirePermission(ctx.actor, ADDING_PERMISSION);
  return ctx.store.transaction(async (tx) => {
    const found = await tx.load({ ...pathAssemblyEntries(partId, revisionId), ...childrenEntries(namedChildren(input.items)) });
    const assembly = pathAssemblyFrom(partId, revisionId, found);
    requireDraft(assembly.revision);
    const children = childrenOf(input.items, found);
    const childRevisions = children.map((child) => child.revisionId);
    const { structure, loaded } = await lockBillStructure(tx, assembly.revision, childRevisions, billEntries(assembly.revision.id), 'adds');
    const kept = input.removeExisting ? [] : loaded.lines;
    const first = kept.reduce((last, line) => Math.max(last, line.position), 0) + 1;
    const added = input.items.map(({ line }, index) => ({ child: children[index]!, line }));
    const { plan, lines, revision } = planAddLines(assembly, added, first, ctx.clock.now(), input.removeExisting);
    await refusePlannedLoops(tx, structure, plan);
    const written = await tx.write(withEvents(plan, billLineEvents(ctx, lines, input.removeExisting ? loaded.lines : [])), { commit: true });
    return {
      part: assembly.part,
      revision: written.row(revision),
      attributes: inDefinedOrder(loaded.attributes),
      subparts: inBillOrder([...kept, ...lines.map((step) => written.row(step))]),
    };
  });
}
