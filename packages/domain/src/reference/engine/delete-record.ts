import type { Context } from '../../context';
import { refuseWhileAttached } from '../../attachments/owner-attachments';
import { requirePermission } from '../../permissions';
import type { TableName } from '../../records';
import { loadRecord } from './load-record';
import type { ResourceDef } from './resource-def';

export async function deleteRecord<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, id: number) {
  requirePermission(ctx.actor, def.permissions?.write);
  await ctx.store.transaction(async (tx) => {
    const row = await loadRecord(def, tx, id, true);
    await def.beforeDelete?.(tx, row);
    await refuseWhileAttached(tx, def.table, [id]);
    await tx.repo(def.table).delete(id);
  });
}
