import { blankNotNullProblems } from '../../columns';
import type { Context } from '../../context';
import { errors, type Problem } from '../../errors';
import { asInput } from '../../fields';
import { requirePermission } from '../../permissions';
import type { TableName } from '../../records';
import { readColumns } from './column-values';
import { checkConstraints } from './constraints';
import { refuseFixedChanges } from './fixed-columns';
import { loadRecord } from './load-record';
import type { ResourceDef, RowOf } from './resource-def';
import { shownOne } from './with-related';

export async function updateRecord<K extends TableName, X>(
  ctx: Context,
  def: ResourceDef<K, X>,
  id: number,
  raw: unknown,
) {
  requirePermission(ctx.actor, def.permissions?.write);
  const { values, errors: fieldErrors } = readColumns(def.updateFields, asInput(raw), 'update');
  // Blank is null, and a not-null column (a flag, a counter) has no null to become.
  const blanks = blankNotNullProblems(def.table, values);
  return ctx.store.transaction(async (tx) => {
    const existing = await loadRecord(def, tx, id, true);
    const next: RowOf<K> = { ...existing, ...values };
    const problems: Array<string | Problem> = [...fieldErrors, ...blanks];
    if (problems.length === 0) {
      refuseFixedChanges(def, existing, values);
      problems.push(...(await checkConstraints(tx, def.table, next, id, new Set(Object.keys(values)))));
      if (def.validate) problems.push(...(await def.validate(tx, next, existing)));
    }
    if (problems.length > 0) throw errors.invalid(problems);
    await def.beforeUpdate?.(tx, next, existing);
    // An update that sends nothing writes nothing (and keeps updated_at).
    const row =
      Object.keys(values).length === 0
        ? existing
        : ((await tx.repo(def.table).update(id, { ...values, updated_at: ctx.clock.now() })) ?? existing);
    return shownOne(def, tx, row.id);
  });
}
