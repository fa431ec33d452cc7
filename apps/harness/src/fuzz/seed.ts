import { parseXml, type ParamValue, type Params } from '@pips/xml';
import type { Harness } from '../start-harness';
import { send } from './http-send';

/** A record the seed made, and the part it belongs to (a revision's, an inventory unit's). */
export interface Seeded {
  readonly id: string;
  readonly partId?: string;
}

export interface SeedData {
  /** Records by resource name (`part`, `revision`, `inventory_unit`, `manufacturer`…). */
  readonly records: ReadonlyMap<string, readonly Seeded[]>;
  readonly partnumbers: readonly string[];
  /** The bodies the seed sent, by root: requests the API took, to vary. */
  readonly bodies: ReadonlyMap<string, readonly Params[]>;
  /** A live token with no permission at all (a reset ends every token but the harness's). */
  readonly powerless: string;
}

/** The resource a path parameter names: the segment before it, singular (`parts/:part_id` → part). */
export function resourceOf(path: string, param: string): string {
  const segments = path.split('/');
  const before = segments[segments.indexOf(param) - 1] ?? '';
  return before.endsWith('s') ? before.slice(0, -1) : before;
}

const utf8 = new TextEncoder();

/** A seeding call, which must succeed: its parsed answer, `{}` when empty. */
async function call(harness: Harness, method: string, path: string, body?: string, query = '', bodies?: Map<string, Params[]>): Promise<Params> {
  const full = path.startsWith('/__harness') ? path : `/api/v2/${harness.token}${path}`;
  const answer = await send(harness.url, {
    method,
    path: query ? `${full}?${query}` : full,
    keepAlive: true,
    ...(body === undefined ? {} : { body: utf8.encode(body), headers: { 'content-type': 'application/xml' } }),
  });
  if (answer.status !== 200) throw new Error(`seeding: ${method} ${path} answered ${answer.status}\n${answer.text}`);
  if (body !== undefined && bodies !== undefined) {
    for (const [root, value] of Object.entries(parseXml(body))) if (isHash(value)) bodies.set(root, [...(bodies.get(root) ?? []), value]);
  }
  return answer.text.trim() === '' ? (Object.create(null) as Params) : parseXml(answer.text);
}

const isHash = (value: ParamValue | undefined): value is Params => value !== null && typeof value === 'object' && !Array.isArray(value);
/** A list field: an array, one item, or nothing. */
const itemsOf = (value: ParamValue | undefined): Params[] => (Array.isArray(value) ? value : [value]).filter(isHash);
const child = (value: ParamValue | undefined, name: string): ParamValue | undefined => (isHash(value) ? value[name] : undefined);
const text = (value: ParamValue | undefined, name: string): string => String(child(value, name));

function part(manufacturerPn: string, parttype: string): string {
  return (
    `<part><manufacturer_pn>${manufacturerPn}</manufacturer_pn><manufacturer_id>1</manufacturer_id>` +
    `<parttype_id>${parttype}</parttype_id><unit_id>1</unit_id><revision><revision_name>A</revision_name></revision></part>`
  );
}

const stock = (sublocation: string, quantity: string) =>
  `<inventory_unit><inventory_sublocation_id>${sublocation}</inventory_sublocation_id><unit_id>1</unit_id><quantity>${quantity}</quantity></inventory_unit>`;

const order = (partId: string) =>
  '<purchase_orders type="array"><purchase_order><vendor><id>1</id><name>Digi-Key</name></vendor><number>PO-1</number>' +
  '<status>open</status><created_on>2025-01-01 10:00:00 +0000</created_on><purchase_items type="array">' +
  `<purchase_item><part_id>${partId}</part_id><unit_id>1</unit_id><quantity>100</quantity><price>0.42</price></purchase_item>` +
  '</purchase_items></purchase_order></purchase_orders>';

/**
 * Empties the harness and loads a small data set through its fixtures, control routes and API:
 * the reference fixture, three parts (one released with a new draft, one assembly of the other
 * two), stock of two of them, a quote, a vendor part number, a purchase order, an attachment
 * and a link to it.
 * The clock starts over at each reset, so the same calls give the same data every time.
 */
export async function seed(harness: Harness): Promise<SeedData> {
  await harness.reset();
  const records = new Map<string, Seeded[]>();
  const add = (resource: string, record: Seeded) => records.set(resource, [...(records.get(resource) ?? []), record]);
  const bodies = new Map<string, Params[]>();
  const api = (method: string, path: string, body?: string, query = '') => call(harness, method, path, body, query, bodies);

  const fixture = await call(harness, 'POST', '/__harness/fixtures/reference');
  for (const record of itemsOf(child(fixture.fixture, 'records'))) add(text(record, 'type'), { id: text(record, 'id') });

  const parts: Array<{ id: string; revision: string; partnumber: string }> = [];
  for (const [manufacturerPn, parttype] of [['LM358', '4'], ['RC0402', '2'], ['BOARD-1', '4']] as const) {
    const made = (await api('POST', '/part', part(manufacturerPn, parttype))).part;
    parts.push({ id: text(made, 'id'), revision: text(child(made, 'revision'), 'id'), partnumber: text(made, 'partnumber') });
    add('part', { id: text(made, 'id') });
    add('revision', { id: text(child(made, 'revision'), 'id'), partId: text(made, 'id') });
  }
  const [first, second, board] = parts as [(typeof parts)[0], (typeof parts)[0], (typeof parts)[0]];
  await api('POST', `/parts/${first.id}/revisions/${first.revision}/release`);
  const draft = await api('POST', `/parts/${first.id}/revisions`, '<part_revision><revision_name>B</revision_name></part_revision>', `id=${first.revision}`);
  add('revision', { id: text(draft.part_revision, 'id'), partId: first.id });

  const subparts =
    '<part_revision><subparts type="array">' +
    `<subpart><subpart_id>${first.id}</subpart_id><quantity>2</quantity><designator>U1</designator></subpart>` +
    `<subpart><subpart_id>${second.id}</subpart_id><quantity>4</quantity></subpart>` +
    '</subparts></part_revision>';
  const bill = await api('POST', `/parts/${board.id}/revisions/${board.revision}/subparts`, subparts);
  for (const line of itemsOf(child(bill.part_revision, 'subparts'))) add('subpart', { id: text(line, 'id') });

  const [shelfA, shelfB] = records.get('inventory_sublocation') ?? [];
  for (const [p, place, quantity] of [[first, shelfA!, '10'], [second, shelfB!, '5']] as const) {
    const unit = await api('POST', `/parts/${p.id}/inventory_units`, stock(place.id, quantity));
    add('inventory_unit', { id: text(unit.inventory_unit, 'id'), partId: p.id });
  }

  await api('POST', '/quote', `<quote><part_id>${first.id}</part_id><vendor_id>1</vendor_id><price>0.5</price></quote>`);
  await api('POST', '/vendor_partnumber', `<vendor_partnumber><part_id>${first.id}</part_id><vendor_id>1</vendor_id><part_number>DK-1</part_number></vendor_partnumber>`);
  const shown = await api('GET', `/part/${first.id}`);
  for (const quote of itemsOf(child(shown.part, 'quotes'))) add('quote', { id: text(quote, 'id') });
  for (const number of itemsOf(child(shown.part, 'vendor_part_numbers'))) add('vendor_partnumber', { id: text(number, 'id') });

  const imported = await call(harness, 'POST', '/__harness/purchase_orders', order(first.id));
  for (const po of itemsOf(child(imported.imported, 'purchase_orders'))) add('purchase_order', { id: text(po, 'id') });
  const attached = await call(harness, 'POST', '/__harness/attachments', 'datasheet', `parent=part/${first.id}&title=Datasheet&filename=ds.txt`);
  add('attachment', { id: text(attached.attachment, 'id') });
  // The first download link makes the site's signing key, kept in the store: made here, a later
  // link changes nothing.
  await api('GET', `/attachments/${text(attached.attachment, 'id')}/download_uri`);

  return { records, partnumbers: parts.map((p) => p.partnumber), bodies, powerless: await harness.createToken([]) };
}
