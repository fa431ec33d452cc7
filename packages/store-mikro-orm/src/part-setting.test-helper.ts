// Set-up shared by this package's use-case tests on a real store; nothing the build ships imports it.
import {
  createRecord, parseRecord,
  ensureToken,
  manufacturerResource,
  parttypeResource,
  principalOf,
  systemClock,
  unitResource,
  type Context,
  type Store,
} from '@pips/domain';

/** A caller with every permission on `store`, and what a part needs (ids as a body sends them). */
export async function partContext(store: Store): Promise<{ ctx: Context; setting: { manufacturer_id: string; parttype_id: string; unit_id: string } }> {
  const actor = principalOf(await ensureToken({ store, clock: systemClock }, 'secret', 'test'));
  const ctx: Context = { store, clock: systemClock, actor, site: { currency: 'USD' } };
  const setting = {
    manufacturer_id: String((await createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name: 'Yageo' }))).row.id),
    parttype_id: String((await createRecord(ctx, parttypeResource, parseRecord(parttypeResource, { name: 'Resistor' }))).row.id),
    unit_id: String((await createRecord(ctx, unitResource, parseRecord(unitResource, { name: 'Each' }))).row.id),
  };
  return { ctx, setting };
}
