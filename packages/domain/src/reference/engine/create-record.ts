import { withEvents } from '../../events';
import { createdEvents } from './record-events';
import type { Context } from '../../context';
import { errors, isPipsError } from '../../errors';
import { requirePermission } from '../../permissions';
import type { Plan } from '../../read-plan';
import type { TableName } from '../../records';
import { constraintProblems, constraintReads, referencedRow, uniqueKeysOnly } from './constraints';
import { planCreateRecord } from './plan-create-record';
import type { NewRecordInput } from './record-input';
import type { ResourceDef, Shown } from './resource-def';
import { shownOne } from './with-related';

/**
 * `POST <P>/<resource>`: a reference record from `input` (`parseRecord`), answered with its show
 * form. The write permission first, then the input's field problems, then the store's rules.
 *
 * A record whose only rules are unique keys is written at once, in one statement that commits:
 * the store's unique keys guard the data, so reading for a clash first would only cost a round
 * trip on every create to word a refusal few creates meet. When a key refuses the write, nothing
 * was written, and the create runs again the careful way below, which finds every problem at once.
 *
 * The careful way, inside one transaction: one read (the unique keys' clashes and the references'
 * targets), one write (the plan), and the answer built from them. A clash committed between the
 * two is refused by the store's unique key, answered as the read's would be.
 */
export async function createRecord<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, input: NewRecordInput<K, X>): Promise<Shown<K, X>> {
  requirePermission(ctx.actor, def.permissions?.write);
  if (input.problems.length > 0) throw errors.invalid([...input.problems]);
  const reads = constraintReads(def.table, input.values);
  if (writesFirst(def, input, reads)) {
    const created = await writeAtOnce(ctx, def, input).catch((error: unknown) => {
      if (isPipsError(error) && error.details.constraint !== undefined) return undefined;
      throw error;
    });
    if (created) return created;
  }
  return ctx.store.transaction(async (tx) => {
    const loaded: Readonly<Record<string, unknown>> = Object.keys(reads).length > 0 ? await tx.load(reads) : {};
    const problems = [...constraintProblems(def.table, reads, loaded), ...((await def.validate?.(tx, input.values, null)) ?? [])];
    const { plan, record, related } = planCreateRecord(def, input, problems, ctx.clock.now());
    // Commits with the plan unless the answer is read back after it (a definition whose related data nothing written or read gives).
    const written = await tx.write(withEvents(plan, createdEvents(ctx, def, plan, record)), { commit: Boolean(related || def.createdRelated || !def.related) });
    const row = written.row(record);
    if (related) return { row, related: related(written) };
    if (def.createdRelated) return { row, related: def.createdRelated(row, (column) => referencedRow(loaded, column)) };
    // A definition without related data shows nothing more: its X is the default, undefined.
    if (!def.related) return { row, related: undefined as X };
    return shownOne(def, tx, row.id);
  });
}

/**
 * Whether the create may write before it reads: its rules are unique keys alone (no reference
 * to find, no rule of the definition's own) and its answer needs nothing read.
 */
function writesFirst<K extends TableName, X>(def: ResourceDef<K, X>, input: NewRecordInput<K, X>, reads: Plan): boolean {
  return uniqueKeysOnly(reads) && !def.validate && Boolean(input.followup || def.createdRelated || !def.related);
}

/** The create as one statement that commits, answered from the row it wrote. */
async function writeAtOnce<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, input: NewRecordInput<K, X>): Promise<Shown<K, X>> {
  return ctx.store.transaction(async (tx) => {
    const { plan, record, related } = planCreateRecord(def, input, [], ctx.clock.now());
    const written = await tx.write(withEvents(plan, createdEvents(ctx, def, plan, record)), { commit: true });
    const row = written.row(record);
    if (related) return { row, related: related(written) };
    // Nothing was read: a definition's related data of a new record needs none.
    if (def.createdRelated) return { row, related: def.createdRelated(row, () => null) };
    return { row, related: undefined as X };
  });
}
