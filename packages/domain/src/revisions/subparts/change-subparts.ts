import { withEvents } from '../../events';
import { billLineChanged, billLineEvents, billLineRemoved } from '../revision-events';
import type { Context } from '../../context';
import { errors, isPipsError } from '../../errors';
import { requirePermission } from '../../permissions';
import type { Tx } from '../../ports';
import { unlocked } from '../../unlocked-plan';
import type { Subpart } from '../../records';
import type { WritePlan, WrittenRows } from '../../write-plan';
import { ASSEMBLY_REVISION, assemblyEntries, assemblyFrom, CHILD_REVISION, childEntries, childFrom, lineEntries, lineFrom } from './bill-lookups';
import { addedStructure, addWalkEntries, lockBillStructure, refusePlannedLoops } from './bill-cycle';
import { LAST_LINE } from './bill-last-line';
import { addTogether, batchable, billTurn, type AddRequest } from './add-together';
import { inBatch, type Batched } from '../../row-batches';
import { planAddLines, planLineChange, planLineRemoval } from './bill-line-plan';
import { requireDraft } from './bill-rules';
import type { SubpartChanges, SubpartInput } from './subpart-input';

/** Adding to a bill needs the permission to create draft revisions (SPEC 4.7); changing or removing a line needs a valid token (DESIGN 4: permissions only where the spec names them). */
export const ADDING_PERMISSION = 'create_draft_revisions' as const;

/** What an add reads beside its rows: the lines around the bill, from the assembly and child those rows hold, and the last line. */
const ADD_READS = { ...addWalkEntries(ASSEMBLY_REVISION, CHILD_REVISION), ...LAST_LINE };

/**
 * SPEC 4.4 `POST <P>/subpart`: a line on a draft revision's bill, last in its order. Two round
 * trips. The first locks the assembly's revision (so a concurrent release either sees the line or
 * refuses it) and the child (`lockRows`), then takes the `bill_structure` lock, then reads, as
 * locked, those rows, the lines around the bill and its last position; the planned line is checked
 * for a part containing itself, and written with COMMIT. Adds to one bill that arrive while one is
 * being made wait together, and are made together in the same two round trips (`addTogether`).
 * `input` is the body parsed by `parseSubpart` (over HTTP, after the permission check).
 */
export async function addSubpart(ctx: Context, input: SubpartInput): Promise<Subpart> {
  requirePermission(ctx.actor, ADDING_PERMISSION);
  if (!batchable(input)) return addAlone(ctx, input);
  return inBatch(ctx.store, billTurn(input), { ctx, input }, addBatch);
}

/** A batch of adds to one bill (`inBatch`): one alone takes the add's own way, more go together. */
async function addBatch(batch: ReadonlyArray<Batched<AddRequest, Subpart>>): Promise<void> {
  if (batch.length > 1) return addTogether(batch);
  const [only] = batch as [Batched<AddRequest, Subpart>];
  await addAlone(only.item.ctx, only.item.input).then(only.resolve, only.reject);
}

/** One add, in its two round trips (`addSubpart`). */
function addAlone(ctx: Context, input: SubpartInput): Promise<Subpart> {
  return ctx.store.transaction(async (tx) => {
    const named = { ...assemblyEntries(input.assembly), ...childEntries(input.child) };
    await tx.lockRows(named);
    await tx.takeLock('bill_structure');
    // Read once the locks are held: a line added by the write before this one is there.
    const found = await tx.load({ ...unlocked(named), ...ADD_READS });
    const assembly = assemblyFrom(input.assembly, found);
    requireDraft(assembly.revision);
    const child = childFrom(input.child, found);
    const structure = addedStructure(assembly.revision, child.revisionId, found);
    const first = (found.last[0]?.position ?? 0) + 1;
    const { plan, lines } = planAddLines(assembly, [{ child, line: input.line }], first, ctx.clock.now());
    await refusePlannedLoops(tx, structure, plan);
    return (await tx.write(withEvents(plan, billLineEvents(ctx, lines)), { commit: true })).row(lines[0]!);
  });
}

/** `plan` written; the line it changes gone by then (removed while the change waited for its revision) answers as one never there. */
async function writeLineChange(tx: Tx, id: number, plan: WritePlan): Promise<WrittenRows> {
  try {
    return await tx.write(plan, { commit: true });
  } catch (error) {
    if (isPipsError(error) && error.details.stale?.table === 'subpart') throw errors.notFound('Subpart', id);
    throw error;
  }
}

/**
 * SPEC 4.4 `PUT <P>/subpart/:id`: the fields sent (`parseSubpartChanges`); naming a child re-points
 * the line to it, and then the bill is checked for a part containing itself before it is written.
 * One read finds the line, locks its revision and finds the child; one write.
 */
export async function updateSubpart(ctx: Context, id: number, changes: SubpartChanges): Promise<Subpart> {
  return ctx.store.transaction(async (tx) => {
    const found = await tx.load({ ...lineEntries(id), ...childEntries(changes.child) });
    const { line, revision } = lineFrom(id, found);
    requireDraft(revision);
    const child = changes.child && childFrom(changes.child, found);
    const { plan, line: update } = planLineChange(line, changes.line, child, ctx.clock.now());
    if (child) {
      const { structure } = await lockBillStructure(tx, revision, [child.revisionId], {});
      await refusePlannedLoops(tx, structure, plan);
    }
    return (await writeLineChange(tx, id, withEvents(plan, [billLineChanged(ctx, line, update)]))).row(update);
  });
}

/** SPEC 4.4 `DELETE <P>/subpart/:id`: off a draft's bill; the other lines keep their positions. One read, one write. */
export async function removeSubpart(ctx: Context, id: number): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const { line, revision } = lineFrom(id, await tx.load(lineEntries(id)));
    requireDraft(revision);
    await tx.write(withEvents(planLineRemoval(line, ctx.clock.now()), [billLineRemoved(ctx, line)]), { commit: true });
  });
}
