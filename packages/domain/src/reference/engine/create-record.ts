import type { Context } from '../../context';
import { errors, type Problem } from '../../errors';
import { asInput } from '../../fields';
import { requirePermission } from '../../permissions';
import type { TableName } from '../../records';
import { insertColumns, readColumns } from './column-values';
import { checkConstraints } from './constraints';
import type { ResourceDef } from './resource-def';
import { shownOne } from './with-related';

export async function createRecord<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, raw: unknown) {
  requirePermission(ctx.actor, def.permissions?.write);
  const input = asInput(raw);
  const { values, errors: fieldErrors } = readColumns(def.createFields, input, 'create');
  const followup = def.prepareCreate?.(input);
  return ctx.store.transaction(async (tx) => {
    const problems: Array<string | Problem> = [...fieldErrors, ...(followup?.errors ?? [])];
    if (problems.length === 0) {
      problems.push(...(await checkConstraints(tx, def.table, values, null)));
      if (def.validate) problems.push(...(await def.validate(tx, values, null)));
    }
    if (problems.length > 0) throw errors.invalid(problems);
    const now = ctx.clock.now();
    const row = await insertColumns(tx, def.table, { ...def.initial, ...values }, now);
    await followup?.apply(tx, row, now);
    return shownOne(def, tx, row.id);
  });
}
