import { blankNotNull } from '../../columns';
import type { Context } from '../../context';
import { errors } from '../../errors';
import { asInput, readFields } from '../../fields';
import { requirePermission } from '../../permissions';
import type { TableName } from '../../records';
import { checkConstraints } from './constraints';
import { refuseFixedChanges } from './fixed-columns';
import { loadRecord } from './load-record';
import type { ResourceDef, Shown } from './resource-def';
import { withRelated } from './with-related';

export async function updateRecord<K extends TableName, X>(
  ctx: Context,
  def: ResourceDef<K, X>,
  id: number,
  raw: unknown,
) {
  requirePermission(ctx.actor, def.permissions?.write);
  const { values, errors: fieldErrors } = readFields(def.updateFields, asInput(raw), 'update');
  // Blank is null, and a not-null column (a flag, a counter) has no null to become.
  const blanks = blankNotNull(def.table, values);
  return ctx.store.transaction(async (tx) => {
    const existing = await loadRecord(def, tx, id, true);
    const next: Record<string, unknown> = { ...existing, ...values };
    const problems = [...fieldErrors, ...blanks];
    if (problems.length === 0) {
      refuseFixedChanges(def, existing, values);
      problems.push(...(await checkConstraints(tx, def.table, next, id, new Set(Object.keys(values)))));
      if (def.validate) problems.push(...(await def.validate(tx, next, existing)));
    }
    if (problems.length > 0) throw errors.invalid(problems);
    // An update that sends nothing writes nothing (and keeps updated_at).
    const row =
      Object.keys(values).length === 0
        ? existing
        : ((await tx.repo(def.table).update(id, { ...values, updated_at: ctx.clock.now() } as never)) ?? existing);
    const [shown] = await withRelated(def, tx, [row]);
    return shown as Shown<K, X>;
  });
}
