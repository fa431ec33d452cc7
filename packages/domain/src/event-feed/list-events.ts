import type { Context } from '../context';
import { eventView, type EventView } from '../events';
import type { Store, Where } from '../ports';
import type { EventRecord } from '../records';
import { typeCondition, type EventQuery } from './event-query';

/**
 * Numbers the events committed since the last pass, in a short transaction of its own: writers
 * insert events unnumbered and never wait on one another for a number (docs/decisions.md, "Events").
 * It changes no record a caller sees, so it runs for a read-only caller too, on the service's store.
 */
export function numberEvents(store: Store): Promise<number> {
  return store.transaction((tx) => tx.numberEvents());
}

/**
 * `GET <P>/events`: the next numbered events after `query.after`, by position. Run a pass
 * (`numberEvents`, on the service's own store) before it: the rows a pass numbers were committed
 * before it began, and a row committed later gets a higher number from a later pass, so a page
 * read now never misses an event a later page would show below its last number. An event needing a permission the caller lacks (stock needs "Can view
 * inventory") is left out, as if it were of another type.
 */
export async function listEvents(ctx: Context, query: Pick<EventQuery, 'after' | 'limit' | 'type'>): Promise<EventView[]> {
  const where: Where<EventRecord> = { position: { $gt: query.after } };
  if (query.type !== null) where.type = typeCondition(query.type);
  const granted = [...ctx.actor.permissions];
  where.$or = [{ permission: null }, ...(granted.length > 0 ? [{ permission: { $in: granted } }] : [])];
  const rows = await ctx.store.read((tx) => tx.repo('event').find(where, { orderBy: [['position', 'asc']], limit: query.limit }));
  return rows.map(eventView);
}
