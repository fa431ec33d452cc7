import { withEvents } from '../../events';
import { deletedEvents } from './record-events';
import type { WriteStep } from '../../write-plan';
import type { Context } from '../../context';
import { errors } from '../../errors';
import { requirePermission } from '../../permissions';
import { count, type Plan } from '../../read-plan';
import type { TableName } from '../../records';
import { attachmentParentTypes } from '../../tables/attachment-tables';
import { planDeleteRecord } from './plan-delete-record';
import type { ResourceDef } from './resource-def';
import { lockedRecordOf, lockedRecordPlan, rowsColumn } from './with-related';

/** The entry counting the attachments naming the record. */
const ATTACHMENTS = '$attachments';

/**
 * `DELETE <P>/<resource>/:id`. Inside the transaction: one read (the record locked, what would
 * refuse the delete, the attachments naming it), one write (the plan: dependents, then the
 * record); a definition's `beforeDelete` reads more where it must lock one record after another.
 */
export async function deleteRecord<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, id: number) {
  requirePermission(ctx.actor, def.permissions?.write);
  // Attachments name their owner by type and id, which no foreign key guards, so each delete asks.
  const attachable = (attachmentParentTypes as readonly string[]).includes(def.table);
  const reads: Plan = {
    ...def.deleteReads,
    ...(attachable && { [ATTACHMENTS]: count('attachment', { parent_type: def.table, parent_id: rowsColumn('id') }) }),
  };
  await ctx.store.transaction(async (tx) => {
    const loaded: Readonly<Record<string, unknown>> = await tx.load(lockedRecordPlan(def, id, reads, false));
    const row = lockedRecordOf<K>(loaded);
    if (!row) throw errors.notFound(def.model, id);
    await def.beforeDelete?.(tx, row);
    const plan = planDeleteRecord(def, row, loaded, attachable ? (loaded[ATTACHMENTS] as number) : 0);
    await tx.write(withEvents(plan, deletedEvents(ctx, def, row, loaded, plan.steps.at(-1) as WriteStep<K>)), { commit: true });
  });
}
