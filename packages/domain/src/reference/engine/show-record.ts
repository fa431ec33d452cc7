import type { Context } from '../../context';
import { requirePermission } from '../../permissions';
import type { TableName } from '../../records';
import { loadRecord } from './load-record';
import type { ResourceDef } from './resource-def';
import { shownOne } from './with-related';

export async function showRecord<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, id: number) {
  requirePermission(ctx.actor, def.permissions?.read);
  return ctx.store.transaction(async (tx) => shownOne(def, tx, await loadRecord(def, tx, id)));
}
