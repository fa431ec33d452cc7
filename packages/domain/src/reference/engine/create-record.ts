import type { Context } from '../../context';
import { errors, type Problem } from '../../errors';
import { requirePermission } from '../../permissions';
import type { TableName } from '../../records';
import { insertColumns } from './column-values';
import { checkConstraints } from './constraints';
import type { NewRecordInput } from './record-input';
import type { ResourceDef } from './resource-def';
import { shownOne } from './with-related';

/**
 * `POST <P>/<resource>`: a reference record from `input` (`parseRecord`), answered with its show
 * form. The write permission first, then the input's field problems, then the store's rules.
 */
export async function createRecord<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, input: NewRecordInput<K>) {
  requirePermission(ctx.actor, def.permissions?.write);
  const { values, followup } = input;
  return ctx.store.transaction(async (tx) => {
    const problems: Array<string | Problem> = [...input.problems];
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
