import { errors } from '../../errors';
import type { Tx } from '../../ports';
import type { TableName } from '../../records';
import type { ResourceDef } from './resource-def';

/** The record the path names (locked when it will change), or 404. */
export async function loadRecord<K extends TableName, X>(def: ResourceDef<K, X>, tx: Tx, id: number, lock = false) {
  const row = await tx.repo(def.table).get(id, { lock });
  if (!row) throw errors.notFound(def.model, id);
  return row;
}
