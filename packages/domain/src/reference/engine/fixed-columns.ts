import { errors, messages } from '../../errors';
import type { TableName } from '../../records';
import type { ResourceDef, RowOf } from './resource-def';

/** An update may send a fixed column's value again, but a new value is refused. */
export function refuseFixedChanges<K extends TableName>(
  def: ResourceDef<K, unknown>,
  existing: RowOf<K>,
  values: Partial<RowOf<K>>,
) {
  const changed = (def.fixed ?? []).filter((column) => column in values && values[column] !== existing[column]);
  if (changed.length > 0) throw errors.unprocessable(changed.map((column) => messages.cannotChange(column)));
}
