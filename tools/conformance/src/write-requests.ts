import { get, post, unique, xmlBody, xmlFields, type Endpoint, type RequestOptions } from './client';
import { expectEmpty, expectRecord, expectStatus, idOf, type Rec } from './expect-xml';
import {
  create,
  createContact,
  createCustomer,
  createLocation,
  createManufacturer,
  createParttype,
  createUnit,
  createVendor,
  link,
  sublocationsXml,
} from './fixtures';
import { forms } from './forms';
import { createPart, partBody, partSetting, type PartSetting } from './part-fixtures';
import { partForms } from './part-forms';

/**
 * A request to one write route of the API that changes data when a token may make it, and the
 * reads that show the change: their answers stay the same while the write is refused, and
 * differ once it is made.
 */
export interface WriteRequest {
  /** Under the token prefix, ids filled in. */
  readonly path: string;
  readonly options: Omit<RequestOptions, 'token'>;
  /** GET paths (query included) that show what the request changes. */
  readonly shownBy: readonly string[];
}

/** Makes what one write request acts on, with the all-permissions token, and names the request. */
export type WriteSetup = (target: Endpoint) => Promise<WriteRequest>;

const body = (root: string, fields: Record<string, string | number>) => ({ body: xmlBody(root, fields) });
const write = (path: string, options: WriteRequest['options'], ...shownBy: string[]): WriteRequest => ({ path, options, shownBy });

/** Create (shown by the list), update and delete of a reference resource whose records `make` creates and `field` names. */
function referenceWrites(segment: string, make: (target: Endpoint) => Promise<Rec>, field: string): Record<string, WriteSetup> {
  return {
    [`POST /${segment}`]: async () => write(`/${segment}`, body(segment, { [field]: unique(segment) }), `/${segment}`),
    ...changeAndDelete(segment, make, field),
  };
}

/** Update and delete of a record `make` creates, whose `field` an update changes. */
function changeAndDelete(segment: string, make: (target: Endpoint) => Promise<Rec>, field: string): Record<string, WriteSetup> {
  return {
    [`PUT /${segment}/:id`]: async (target) => {
      const id = idOf(await make(target));
      return write(`/${segment}/${id}`, body(segment, { [field]: unique(segment) }), `/${segment}/${id}`);
    },
    [`DELETE /${segment}/:id`]: async (target) => {
      const id = idOf(await make(target));
      return write(`/${segment}/${id}`, {}, `/${segment}/${id}`);
    },
  };
}

/** A location with two shelves, and their ids. */
async function shelves(target: Endpoint): Promise<{ locationId: number; shelfIds: [number, number] }> {
  const location = await createLocation(target, {}, sublocationsXml([{ name: 'Shelf A' }, { name: 'Shelf B' }]));
  const [a, b] = location.inventory_sublocation as Rec[];
  return { locationId: idOf(location), shelfIds: [idOf(a!), idOf(b!)] };
}

/** A part with a draft revision A. */
async function draftPart(target: Endpoint, setting?: PartSetting): Promise<{ part: Rec; partId: number; revisionId: string }> {
  const part = await createPart(target, setting ?? (await partSetting(target)), { partnumber: unique('RO') });
  return { part, partId: idOf(part), revisionId: (part.revision as Rec).id as string };
}

/** A part whose revision A is released. */
async function releasedPart(target: Endpoint): Promise<{ partId: number; revisionId: string }> {
  const { partId, revisionId } = await draftPart(target);
  expectEmpty(await post(target, `/parts/${partId}/revisions/${revisionId}/release`));
  return { partId, revisionId };
}

/** An assembly whose draft lists one child, and the line's id. */
async function assemblyWithLine(target: Endpoint): Promise<{ partId: number; revisionId: string; lineId: string }> {
  const setting = await partSetting(target);
  const assembly = await draftPart(target, setting);
  const child = await draftPart(target, setting);
  const added = await post(target, '/subpart', body('subpart', { part_id: assembly.partId, partnumber: child.part.partnumber as string, quantity: '2' }));
  const line = expectRecord(added, 'subpart', partForms.subpartResponse);
  return { partId: assembly.partId, revisionId: assembly.revisionId, lineId: line.id as string };
}

/** A part, a location with two shelves, and a unit of 5 of the part on the first shelf. */
async function stock(target: Endpoint): Promise<{ partId: number; unitId: number; measureId: number; shelfIds: [number, number] }> {
  const setting = await partSetting(target);
  const { partId } = await draftPart(target, setting);
  const { shelfIds } = await shelves(target);
  const reply = await post(target, `/parts/${partId}/inventory_units`, body('inventory_unit', { inventory_sublocation_id: shelfIds[0], unit_id: setting.unitId, quantity: '5' }));
  expectStatus(reply, 200);
  return { partId, unitId: idOf(reply.xml?.inventory_unit as Rec), measureId: setting.unitId, shelfIds };
}

/** What a part's show lists of its `group` (quotes, vendor part numbers), by id. */
async function listedOnPart(target: Endpoint, partId: number, group: string): Promise<Rec[]> {
  const reply = await get(target, `/part/${partId}`);
  expectStatus(reply, 200);
  const listed = (reply.xml?.part as Rec)[group];
  return Array.isArray(listed) ? (listed as Rec[]) : [];
}

/** Adding and removing what a vendor offers for a part (`quote`, `vendor_partnumber`), which the part's show lists in `group`. */
function vendorOfferWrites(segment: string, group: string, fields: Record<string, string>): Record<string, WriteSetup> {
  const offer = async (target: Endpoint) => {
    const [{ partId }, vendor] = [await draftPart(target), idOf(await createVendor(target))];
    return { partId, shownBy: `/part/${partId}`, options: body(segment, { part_id: partId, vendor_id: vendor, ...fields }) };
  };
  return {
    [`POST /${segment}`]: async (target) => {
      const { options, shownBy } = await offer(target);
      return write(`/${segment}`, options, shownBy);
    },
    [`DELETE /${segment}/:id`]: async (target) => {
      const { partId, options, shownBy } = await offer(target);
      expectEmpty(await post(target, `/${segment}`, options));
      const [listed] = await listedOnPart(target, partId, group);
      return write(`/${segment}/${String(listed?.id)}`, {}, shownBy);
    },
  };
}

const unitPath = (partId: number, unitId: number, action = '') => `/parts/${partId}/inventory_units/${unitId}${action && `/${action}`}`;
const unitShownBy = (partId: number, unitId: number) => [unitPath(partId, unitId), unitPath(partId, unitId, 'inventory_records'), `/part/${partId}/inventory_units`];

/** Every write route of the API (`METHOD path` as the route table names it) and a request that changes data through it. */
export const writeRequests: Readonly<Record<string, WriteSetup>> = {
  ...referenceWrites('customer', createCustomer, 'name'),
  ...referenceWrites('contact', createContact, 'last_name'),
  ...referenceWrites('manufacturer', createManufacturer, 'name'),
  ...referenceWrites('vendor', createVendor, 'name'),
  ...referenceWrites('parttype', createParttype, 'name'),
  ...referenceWrites('unit', createUnit, 'name'),
  ...referenceWrites('inventory_location', (target) => createLocation(target), 'name'),
  // Sublocations have no list: a new one shows in its location.
  'POST /inventory_sublocation': async (target) => {
    const { locationId } = await shelves(target);
    return write('/inventory_sublocation', body('inventory_sublocation', { name: 'Bin', inventory_location_id: locationId }), `/inventory_location/${locationId}`);
  },
  ...changeAndDelete('inventory_sublocation', async (target) => create(target, 'inventory_sublocation', { name: 'Bin', inventory_location_id: (await shelves(target)).locationId }), 'name'),

  'POST /unit_conversion': async (target) => {
    const [from, to] = [idOf(await createUnit(target)), idOf(await createUnit(target))];
    return write('/unit_conversion', body('unit_conversion', { from_unit_id: from, to_unit_id: to, factor: '12' }), `/unit/${from}`);
  },
  'DELETE /unit_conversion/:id': async (target) => {
    const [from, to] = [idOf(await createUnit(target)), idOf(await createUnit(target))];
    const made = await post(target, '/unit_conversion', body('unit_conversion', { from_unit_id: from, to_unit_id: to, factor: '12' }));
    const id = idOf(expectRecord(made, 'unit_conversion', forms.unitConversion));
    return write(`/unit_conversion/${id}`, {}, `/unit/${from}`);
  },
  'POST /linecard': async (target) => {
    const [m, v] = [idOf(await createManufacturer(target)), idOf(await createVendor(target))];
    return write('/linecard', { query: `manufacturer_id=${m}&vendor_id=${v}` }, `/manufacturer/${m}`);
  },
  'DELETE /linecard': async (target) => {
    const [m, v] = [idOf(await createManufacturer(target)), idOf(await createVendor(target))];
    await link(target, m, v);
    return write('/linecard', { query: `manufacturer_id=${m}&vendor_id=${v}` }, `/manufacturer/${m}`);
  },
  ...vendorOfferWrites('vendor_partnumber', 'vendor_part_numbers', { part_number: 'VPN-1' }),
  ...vendorOfferWrites('quote', 'quotes', { price: '0.5' }),

  'POST /part': async (target) => write('/part', { body: partBody(await partSetting(target)) }, '/part?per_page=1'),
  'PUT /part/:id': async (target) => {
    const { partId } = await draftPart(target);
    return write(`/part/${partId}`, body('part', { manufacturer_pn: unique('changed') }), `/part/${partId}`);
  },
  'DELETE /part/:id': async (target) => {
    const { partId } = await draftPart(target);
    return write(`/part/${partId}`, {}, `/part/${partId}`);
  },
  'POST /parts/:part_id/revisions': async (target) => {
    const { partId, revisionId } = await releasedPart(target);
    return write(`/parts/${partId}/revisions`, { query: `id=${revisionId}` }, `/parts/${partId}/revisions`);
  },
  'DELETE /parts/:part_id/revisions/:id': async (target) => {
    const { partId, revisionId } = await releasedPart(target);
    const draft = await post(target, `/parts/${partId}/revisions`, { query: `id=${revisionId}` });
    const draftId = (expectRecord(draft, 'part_revision', [...partForms.revision(), 'part', 'subparts']).id as string);
    return write(`/parts/${partId}/revisions/${draftId}`, {}, `/parts/${partId}/revisions`);
  },
  'POST /parts/:part_id/revisions/:id/subparts': async (target) => {
    const setting = await partSetting(target);
    const [assembly, child] = [await draftPart(target, setting), await draftPart(target, setting)];
    const items = `<subparts type="array"><subpart>${xmlFields({ subpart_id: child.partId, quantity: '1' })}</subpart></subparts>`;
    const path = `/parts/${assembly.partId}/revisions/${assembly.revisionId}`;
    return write(`${path}/subparts`, { body: xmlBody('part_revision', {}, items) }, path);
  },
  'POST /parts/:part_id/revisions/:id/release': async (target) => {
    const { partId, revisionId } = await draftPart(target);
    return write(`/parts/${partId}/revisions/${revisionId}/release`, {}, `/parts/${partId}/revisions`);
  },
  'POST /subpart': async (target) => {
    const setting = await partSetting(target);
    const [assembly, child] = [await draftPart(target, setting), await draftPart(target, setting)];
    const fields = { part_id: assembly.partId, partnumber: child.part.partnumber as string, quantity: '3' };
    return write('/subpart', body('subpart', fields), `/parts/${assembly.partId}/revisions/${assembly.revisionId}`);
  },
  'PUT /subpart/:id': async (target) => {
    const { partId, revisionId, lineId } = await assemblyWithLine(target);
    return write(`/subpart/${lineId}`, body('subpart', { quantity: '7' }), `/parts/${partId}/revisions/${revisionId}`);
  },
  'DELETE /subpart/:id': async (target) => {
    const { partId, revisionId, lineId } = await assemblyWithLine(target);
    return write(`/subpart/${lineId}`, {}, `/parts/${partId}/revisions/${revisionId}`);
  },

  'POST /parts/:part_id/inventory_units': async (target) => {
    const { partId, measureId, shelfIds } = await stock(target);
    const fields = { inventory_sublocation_id: shelfIds[1], unit_id: measureId, quantity: '2' };
    return write(`/parts/${partId}/inventory_units`, body('inventory_unit', fields), `/part/${partId}/inventory_units`);
  },
  'PUT /parts/:part_id/inventory_units/:id': async (target) => {
    const { partId, unitId } = await stock(target);
    return write(unitPath(partId, unitId), body('inventory_unit', { lot_code: unique('lot') }), ...unitShownBy(partId, unitId));
  },
  'PUT /parts/:part_id/inventory_units/:id/adjust_quantity': async (target) => {
    const { partId, unitId } = await stock(target);
    return write(unitPath(partId, unitId, 'adjust_quantity'), body('inventory_unit', { quantity: '3' }), ...unitShownBy(partId, unitId));
  },
  'PUT /parts/:part_id/inventory_units/:id/move': async (target) => {
    const { partId, unitId, shelfIds } = await stock(target);
    return write(unitPath(partId, unitId, 'move'), body('inventory_unit', { inventory_sublocation_id: shelfIds[1] }), ...unitShownBy(partId, unitId));
  },
  'POST /parts/:part_id/inventory_units/:id/split': async (target) => {
    const { partId, unitId, shelfIds } = await stock(target);
    const fields = { inventory_sublocation_id: shelfIds[1], quantity: '1' };
    return write(unitPath(partId, unitId, 'split'), body('inventory_unit', fields), ...unitShownBy(partId, unitId));
  },
};
