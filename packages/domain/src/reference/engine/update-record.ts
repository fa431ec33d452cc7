import type { Context } from '../../context';
import { errors, type Problem } from '../../errors';
import { requirePermission } from '../../permissions';
import type { TableName } from '../../records';
import { checkConstraints } from './constraints';
import { refuseFixedChanges } from './fixed-columns';
import { loadRecord } from './load-record';
import type { RecordInput } from './record-input';
import type { ResourceDef, RowOf } from './resource-def';
import { shownOne } from './with-related';

/**
 * `PUT <P>/<resource>/:id`: the fields of `input` (`parseRecordChanges`) over the record, answered
 * with its show form. The write permission first, the record (404), the input's field problems,
 * then the store's rules.
 */
export async function updateRecord<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, id: number, input: RecordInput<K>) {
  requirePermission(ctx.actor, def.permissions?.write);
  const { values } = input;
  return ctx.store.transaction(async (tx) => {
    const existing = await loadRecord(def, tx, id, true);
    const next: RowOf<K> = { ...existing, ...values };
    const problems: Array<string | Problem> = [...input.problems];
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
