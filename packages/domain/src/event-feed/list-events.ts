import type { Context } from '../context';
import { eventView, type EventView } from '../events';
import type { Where } from '../ports';
import type { EventRecord } from '../records';
import type { EventQuery } from './event-query';

/**
 * `GET <P>/events`: the next events after `query.after`, in sequence order. Events numbers are
 * given at commit and in commit order (docs/decisions.md, "Events"), so a page read now never
 * misses an event a later page would show below its last number. An event needing a permission the
 * caller lacks (stock needs "Can view inventory") is left out, as if it were of another type.
 */
export async function listEvents(ctx: Context, query: Pick<EventQuery, 'after' | 'limit' | 'type'>): Promise<EventView[]> {
  const where: Where<EventRecord> = { id: { $gt: query.after } };
  if (query.type !== null) where.type = query.type.includes('.') ? query.type : { $startsWith: `${query.type}.` };
  const granted = [...ctx.actor.permissions];
  where.$or = [{ permission: null }, ...(granted.length > 0 ? [{ permission: { $in: granted } }] : [])];
  const rows = await ctx.store.read((tx) => tx.repo('event').find(where, { orderBy: [['id', 'asc']], limit: query.limit }));
  return rows.map(eventView);
}
