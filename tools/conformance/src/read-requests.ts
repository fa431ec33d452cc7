import { attach } from './attachment-fixtures';
import { get, post, unique, xmlBody } from './client';
import { expectRecord, expectStatus, idOf, type Rec } from './expect-xml';
import { createContact, createCustomer, createLocation, createUnit, createVendor, sublocationsXml } from './fixtures';
import { createPart, partSetting } from './part-fixtures';
import { partForms } from './part-forms';
import { importOk, itemXml, orderXml, purchasingSetting } from './purchase-order-fixtures';
import type { Target } from './targets';

/** One of everything the API reads, made with the all-permissions token. */
export interface ReadWorld {
  readonly ids: Readonly<Record<'customer' | 'contact' | 'manufacturer' | 'vendor' | 'parttype' | 'unit' | 'location' | 'sublocation' | 'attachment' | 'order', number>>;
  readonly assembly: { readonly partId: number; readonly revisionId: string };
  readonly child: { readonly partId: number; readonly revisionId: string };
  readonly stockUnit: number;
  /** The search term that finds the stock unit; the purchase orders' days. */
  readonly tag: string;
  readonly days: readonly [string, string];
}

export async function readWorld(target: Target): Promise<ReadWorld> {
  const tag = unique('ro');
  const setting = await partSetting(target);
  const assembly = await createPart(target, setting, { partnumber: unique('RO-ASM') });
  const child = await createPart(target, setting, { partnumber: unique('RO-CHILD') });
  const revisionOf = (part: Rec) => (part.revision as Rec).id as string;
  const line = await post(target, '/subpart', { body: xmlBody('subpart', { part_id: idOf(assembly), partnumber: child.partnumber as string, quantity: '2' }) });
  expectRecord(line, 'subpart', partForms.subpartResponse);
  const location = await createLocation(target, {}, sublocationsXml([{ name: 'Shelf' }]));
  const shelf = idOf(location.inventory_sublocation as Rec);
  const unit = await post(target, `/parts/${idOf(child)}/inventory_units`, {
    body: xmlBody('inventory_unit', { inventory_sublocation_id: shelf, unit_id: setting.unitId, quantity: '4', lot_code: tag }),
  });
  expectStatus(unit, 200);
  const [from, to] = [idOf(await createUnit(target)), idOf(await createUnit(target))];
  expectStatus(await post(target, '/unit_conversion', { body: xmlBody('unit_conversion', { from_unit_id: from, to_unit_id: to, factor: '3' }) }), 200);
  const customer = idOf(await createCustomer(target));
  const attachment = await attach(target, { parent: `part/${idOf(child)}`, title: 'Datasheet', filename: 'sheet.txt', bytes: Buffer.from('sheet'), contentType: 'text/plain' });
  const p = await purchasingSetting(target);
  await importOk(target, [orderXml(p, { number: unique('RO-PO'), created_on: `${p.day(1)} 09:00:00 +0000` }, [itemXml({ part_id: p.partId, quantity: '5', price: '1.5' })])]);
  const days = [p.day(0), p.day(29)] as const;
  const orders = (await get(target, '/purchase_orders', { query: `start_date=${days[0]}&end_date=${days[1]}` })).xml?.purchase_orders;
  const order = idOf((Array.isArray(orders) ? orders[0] : undefined) as Rec);
  return {
    ids: {
      customer,
      contact: idOf(await createContact(target, { customer_id: customer })),
      manufacturer: setting.manufacturerId,
      vendor: idOf(await createVendor(target)),
      parttype: setting.parttypeId,
      unit: from,
      location: idOf(location),
      sublocation: shelf,
      attachment,
      order,
    },
    assembly: { partId: idOf(assembly), revisionId: revisionOf(assembly) },
    child: { partId: idOf(child), revisionId: revisionOf(child) },
    stockUnit: idOf(unit.xml?.inventory_unit as Rec),
    tag,
    days,
  };
}

/** A read: a path under the token prefix, its query, and whether two answers to it differ by design (a link made now). */
export interface ReadRequest {
  readonly path: string;
  readonly query?: string;
  readonly madeNow?: boolean;
}

const reference = ['customer', 'contact', 'manufacturer', 'vendor', 'parttype', 'unit'] as const;

/** Every read route of the API (`GET path` as the route table names it), on `world`. */
export function readRequests(world: ReadWorld): Readonly<Record<string, ReadRequest>> {
  const { ids, assembly, child } = world;
  const revision = `/parts/${assembly.partId}/revisions/${assembly.revisionId}`;
  const unit = `/parts/${child.partId}/inventory_units/${world.stockUnit}`;
  return {
    ...Object.fromEntries(reference.flatMap((segment) => [[`GET /${segment}`, { path: `/${segment}` }], [`GET /${segment}/:id`, { path: `/${segment}/${ids[segment]}` }]])),
    'GET /inventory_location': { path: '/inventory_location' },
    'GET /inventory_location/:id': { path: `/inventory_location/${ids.location}` },
    'GET /inventory_sublocation/:id': { path: `/inventory_sublocation/${ids.sublocation}` },
    'GET /part': { path: '/part', query: 'per_page=5' },
    'GET /part/:id': { path: `/part/${assembly.partId}` },
    'GET /parts/:part_id/revisions': { path: `/parts/${assembly.partId}/revisions` },
    'GET /parts/:part_id/revisions/:id': { path: revision },
    'GET /parts/:part_id/revisions/:id/part_ancestors': { path: `/parts/${child.partId}/revisions/${child.revisionId}/part_ancestors` },
    'GET /parts/:part_id/revisions/:id/bom': { path: `${revision}/bom` },
    'GET /inventory_units/search': { path: '/inventory_units/search', query: `term0=${world.tag}` },
    'GET /parts/:part_id/inventory_units/:id': { path: unit },
    'GET /part/:id/inventory_units': { path: `/part/${child.partId}/inventory_units` },
    'GET /parts/:part_id/inventory_units/:id/inventory_records': { path: `${unit}/inventory_records` },
    'GET /purchase_orders': { path: '/purchase_orders', query: `start_date=${world.days[0]}&end_date=${world.days[1]}` },
    'GET /purchase_orders/:id': { path: `/purchase_orders/${ids.order}` },
    'GET /attachments': { path: '/attachments', query: 'per_page=5' },
    'GET /attachments/:id': { path: `/attachments/${ids.attachment}` },
    'GET /attachments/:id/download_uri': { path: `/attachments/${ids.attachment}/download_uri`, madeNow: true },
    'GET /events': { path: '/events', query: 'limit=5' },
  };
}
