import type { Context } from '../../context';
import { requirePermission } from '../../permissions';
import type { TableName } from '../../records';
import type { ResourceDef } from './resource-def';
import { shownOne } from './with-related';

export async function showRecord<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, id: number) {
  requirePermission(ctx.actor, def.permissions?.read);
  return ctx.store.read((tx) => shownOne(def, tx, id));
}
