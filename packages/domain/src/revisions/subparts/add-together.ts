import { withEvents } from '../../events';
import { billLineEvents } from '../revision-events';
import type { Context } from '../../context';
import type { Batched } from '../../row-batches';
import type { Subpart } from '../../records';
import { unlocked } from '../../unlocked-plan';
import { addedStructure, batchWalkEntries, refusePlannedLoops } from './bill-cycle';
import { LAST_LINE } from './bill-last-line';
import { ASSEMBLY_REVISION, assemblyEntries, assemblyFrom, batchChildEntries, batchChildFrom, CHILD_REVISION, type Child } from './bill-lookups';
import { planAddLines, type AddedLine } from './bill-line-plan';
import { requireDraft } from './bill-rules';
import type { SubpartInput } from './subpart-input';

/** An add waiting with others for its bill (`inBatch`): its request's context and parsed input. */
export interface AddRequest {
  readonly ctx: Context;
  readonly input: SubpartInput;
}

type Waiting = Batched<AddRequest, Subpart>;

/**
 * Whether an add may wait with the others for its bill: its child named by ids or by part number.
 * A manufacturer part number names a child only when exactly one part has it, which the add reads
 * with a bound of two parts; such an add goes alone.
 */
export const batchable = (input: SubpartInput): boolean => input.child.by !== 'manufacturer_pn';

/** The key adds to one assembly, named the same way, wait under: one draft's lines are numbered in turn. */
export const billTurn = (input: SubpartInput): string => `bill:${input.assembly.partId}:${input.assembly.revisionId}`;

/**
 * Adds to one bill that waited together (two or more), in one transaction of two round trips, as
 * one add's (`addSubpart`): the assembly and every child locked (`lockRows`), the `bill_structure`
 * lock, then one read of those rows, the lines below every child and above the assembly, and the
 * bill's last position. Each add is then judged in arrival order as if alone: a child that names
 * nothing is its 400, a line that would make a part contain itself its 422 (the walks from every
 * child hold the lines a loop through its line could take), and neither stops the others. What
 * the assembly refuses (no draft) refuses them all, as it would each. The lines accepted are
 * numbered on from the last position in that order, and written with their events by one plan
 * that commits. Each add is answered once the transaction has ended, from the attempt that
 * committed: a store that tries a transaction again (a deadlock) judges every add again.
 */
export async function addTogether(batch: readonly Waiting[]): Promise<void> {
  const { ctx, input } = batch[0]!.item;
  // Answered once the transaction ends: a transaction the store tries again judges every add again.
  const answers = await ctx.store.transaction(async (tx) => {
    const named = { ...assemblyEntries(input.assembly), ...batchChildEntries(batch.map((waiting) => waiting.item.input.child)) };
    await tx.lockRows(named);
    await tx.takeLock('bill_structure');
    // Read once the locks are held: a line added by the write before this one is there.
    const found = await tx.load({ ...unlocked(named), ...batchWalkEntries(ASSEMBLY_REVISION, CHILD_REVISION), ...LAST_LINE });
    const assembly = assemblyFrom(input.assembly, found);
    requireDraft(assembly.revision);
    const first = (found.last[0]?.position ?? 0) + 1;
    const refused = new Map<Waiting, unknown>();
    const accepted: Array<{ waiting: Waiting; added: AddedLine }> = [];
    for (const waiting of batch) {
      const { ctx: own, input: given } = waiting.item;
      try {
        const child: Child = batchChildFrom(given.child, found);
        const added = { child, line: given.line };
        const alone = planAddLines(assembly, [added], first + accepted.length, own.clock.now());
        await refusePlannedLoops(tx, addedStructure(assembly.revision, child.revisionId, found), alone.plan);
        accepted.push({ waiting, added });
      } catch (error) {
        refused.set(waiting, error);
      }
    }
    if (accepted.length === 0) return { refused, lines: new Map<Waiting, Subpart>() };
    const { plan, lines } = planAddLines(assembly, accepted.map(({ added }) => added), first, ctx.clock.now());
    const events = accepted.flatMap(({ waiting }, k) => billLineEvents(waiting.item.ctx, [lines[k]!]));
    const written = await tx.write(withEvents(plan, events), { commit: true });
    return { refused, lines: new Map(accepted.map(({ waiting }, k) => [waiting, written.row(lines[k]!)])) };
  });
  for (const waiting of batch) {
    const line = answers.lines.get(waiting);
    if (line) waiting.resolve(line);
    else waiting.reject(answers.refused.get(waiting));
  }
}
