import type { Context } from '../../context';
import { errors } from '../../errors';
import { requirePermission } from '../../permissions';
import type { TableName } from '../../records';
import { constraintProblems, constraintReads, referencedRow } from './constraints';
import { planCreateRecord } from './plan-create-record';
import type { NewRecordInput } from './record-input';
import type { ResourceDef, Shown } from './resource-def';
import { shownOne } from './with-related';

/**
 * `POST <P>/<resource>`: a reference record from `input` (`parseRecord`), answered with its show
 * form. The write permission first, then the input's field problems, then the store's rules.
 * Inside the transaction: one read (the unique keys' clashes and the references' targets, none
 * when the record sets neither), one write (the plan), and the answer built from them. A clash
 * committed between the two is refused by the store's unique key, answered as the read's would be.
 */
export async function createRecord<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, input: NewRecordInput<K, X>): Promise<Shown<K, X>> {
  requirePermission(ctx.actor, def.permissions?.write);
  return ctx.store.transaction(async (tx) => {
    if (input.problems.length > 0) throw errors.invalid([...input.problems]);
    const reads = constraintReads(def.table, input.values);
    const loaded: Readonly<Record<string, unknown>> = Object.keys(reads).length > 0 ? await tx.load(reads) : {};
    const problems = [...constraintProblems(def.table, reads, loaded), ...((await def.validate?.(tx, input.values, null)) ?? [])];
    const { plan, record, related } = planCreateRecord(def, input, problems, ctx.clock.now());
    // Commits with the plan unless the answer is read back after it (a definition whose related data nothing written or read gives).
    const written = await tx.write(plan, { commit: Boolean(related || def.createdRelated || !def.related) });
    const row = written.row(record);
    if (related) return { row, related: related(written) };
    if (def.createdRelated) return { row, related: def.createdRelated(row, (column) => referencedRow(loaded, column)) };
    // A definition without related data shows nothing more: its X is the default, undefined.
    if (!def.related) return { row, related: undefined as X };
    return shownOne(def, tx, row.id);
  });
}
