import { withEvents } from '../../events';
import { recordEvent } from './record-events';
import type { Context } from '../../context';
import { errors } from '../../errors';
import { requirePermission } from '../../permissions';
import type { TableName } from '../../records';
import { constraintProblems, constraintReads } from './constraints';
import { planUpdateRecord } from './plan-update-record';
import type { RecordInput } from './record-input';
import type { ResourceDef, RowOf, Shown } from './resource-def';
import { ROWS, lockedRecordOf, lockedRecordPlan, relatedByColumns, shownFrom, shownOne } from './with-related';

/**
 * `PUT <P>/<resource>/:id`: the fields of `input` (`parseRecordChanges`) over the record, answered
 * with its show form. The write permission first, the record (404), the input's field problems,
 * then the store's rules. Inside the transaction: one read (the record locked, the constraints'
 * rows and its related data), one write (the plan), and the answer built from them; a third
 * statement reads the show form when a column its related data is found by changed, and
 * definitions' own rules may read more (a part type's ancestors, a sublocation's bins).
 */
export async function updateRecord<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, id: number, input: RecordInput<K>): Promise<Shown<K, X>> {
  requirePermission(ctx.actor, def.permissions?.write);
  const { values } = input;
  const checked = input.problems.length === 0;
  // With field problems only the record is read: its 404 comes first.
  const reads = checked ? constraintReads(def.table, values, { entry: ROWS, id }) : {};
  const relatedChanges = [...relatedByColumns(def)].some((column) => column in values);
  return ctx.store.transaction(async (tx) => {
    const loaded = await tx.load(lockedRecordPlan(def, id, reads, !relatedChanges));
    const existing = lockedRecordOf<K>(loaded);
    if (!existing) throw errors.notFound(def.model, id);
    const next: RowOf<K> = { ...existing, ...values };
    const problems = checked ? [...constraintProblems(def.table, reads, loaded), ...((await def.validate?.(tx, next, existing)) ?? [])] : [];
    const update = planUpdateRecord(def, existing, input, problems, ctx.clock.now());
    await def.beforeUpdate?.(tx, next, existing);
    // Commits with the plan unless the answer is read back after it.
    const row = update ? (await tx.write(withEvents(update.plan, [recordEvent(ctx, def, 'updated', update.record)]), { commit: !relatedChanges })).row(update.record) : existing;
    return relatedChanges ? shownOne(def, tx, id) : shownFrom(def, loaded, row);
  });
}
