import { expect, onTestFinished } from 'vitest';
import { del, get, post, put, unique, xmlBody, xmlFields, type Reply, type XmlValue } from './client';
import { INTEGER, TS_ISO, expectList, expectRecord, expectStatus, idOf, show, type Rec } from './expect-xml';
import { create, createLocation, createUnit, sublocationsXml } from './fixtures';
import { inventoryForms } from './inventory-forms';
import { createPart, partSetting, type PartSetting } from './part-fixtures';
import { fromScaled, sumScaled, toScaled } from './scaled-decimal';
import type { Target } from './targets';

export interface Place {
  readonly id: number;
  readonly name: string;
}

/**
 * What an inventory scenario stands on, made fresh for one test and removed when it ends: a part,
 * units of measure (one fractional, the part's; one whole, converting to it), a location with a
 * shortname and two shelves with bins.
 */
export interface Stock {
  readonly target: Target;
  readonly setting: PartSetting;
  readonly part: Rec;
  readonly partId: number;
  /** The token `all`'s id, as the part's first revision names its creator. */
  readonly creatorId: string;
  /** `allow_fractional` true. */
  readonly measure: Place;
  /** `allow_fractional` false; one counts ten of `measure` (a conversion removed with the rest). */
  readonly whole: Place;
  readonly location: { readonly id: number; readonly name: string; readonly shortname: string };
  readonly shelves: readonly [Place, Place];
  /** Another part, removed with the rest. */
  addPart(): Promise<Rec>;
  /** A location without a shortname and its one shelf (with bins unless told), removed with the rest. */
  addPlainLocation(options?: { bins?: boolean }): Promise<{ name: string; shelf: Place }>;
  /** Another unit of measure, fractional, removed with the rest. */
  addMeasure(): Promise<Place>;
  /** A conversion from one unit of measure to another, removed with the rest (before the measures); its id. */
  addConversion(from: number, to: number, factor: string): Promise<number>;
}

/** Creates a stock setting and registers its removal at the end of the running test. */
export async function stockSetting(target: Target): Promise<Stock> {
  const parts: number[] = [];
  const locations: number[] = [];
  const setting = await partSetting(target);
  const measures: number[] = [setting.unitId];
  const conversions: number[] = [];
  onTestFinished(() => removeAll(target, { parts, locations, conversions, measures, setting }));
  const addPart = async () => {
    const part = await createPart(target, setting, { partnumber: unique('INV') });
    parts.push(idOf(part));
    return part;
  };
  const wholeRecord = await createUnit(target, { allow_fractional: 'false' });
  measures.push(idOf(wholeRecord));
  // Stock is counted in its part's unit or one that converts to it: one whole counts ten of the part's.
  const conversion = await create(target, 'unit_conversion', { from_unit_id: idOf(wholeRecord), to_unit_id: setting.unitId, factor: '10' });
  conversions.push(idOf(conversion));
  const shortname = unique('WH');
  const shelfNames = ['Shelf A', 'Shelf B'];
  const location = await createLocation(
    target,
    { shortname },
    sublocationsXml(shelfNames.map((name) => ({ name, has_bins: 'true' }))),
  );
  locations.push(idOf(location));
  const shelves = (Array.isArray(location.inventory_sublocation) ? location.inventory_sublocation : []) as Rec[];
  expect(shelves.map((s) => s.name)).toEqual(shelfNames);
  const part = await addPart();
  return {
    target,
    setting,
    part,
    partId: idOf(part),
    creatorId: (part.revision as Rec).creator_id as string,
    measure: { id: setting.unitId, name: await measureName(target, setting.unitId) },
    whole: { id: idOf(wholeRecord), name: wholeRecord.name as string },
    location: { id: idOf(location), name: location.name as string, shortname },
    shelves: [placeOf(shelves[0]), placeOf(shelves[1])],
    addPart,
    async addPlainLocation({ bins = true } = {}) {
      const plain = await createLocation(target, {}, sublocationsXml([{ name: 'Bench', has_bins: String(bins) }]));
      locations.push(idOf(plain));
      return { name: plain.name as string, shelf: placeOf(plain.inventory_sublocation) };
    },
    async addMeasure() {
      const made = await createUnit(target);
      measures.push(idOf(made));
      return { id: idOf(made), name: made.name as string };
    },
    async addConversion(from, to, factor) {
      const made = await create(target, 'unit_conversion', { from_unit_id: from, to_unit_id: to, factor });
      conversions.push(idOf(made));
      return idOf(made);
    },
  };
}

function placeOf(value: unknown): Place {
  const record = (Array.isArray(value) ? value[0] : value) as Rec;
  return { id: idOf(record), name: record.name as string };
}

async function measureName(target: Target, id: number): Promise<string> {
  const reply = await get(target, `/unit/${id}`);
  expectStatus(reply, 200);
  return (reply.xml?.unit as Rec).name as string;
}

/**
 * Empties every unit of the parts (a part holding stock cannot go), then deletes the parts, the
 * locations and the reference records; a part the test deleted already answers 404.
 */
async function removeAll(
  target: Target,
  made: { parts: number[]; locations: number[]; conversions: number[]; measures: number[]; setting: PartSetting },
): Promise<void> {
  const problems: string[] = [];
  const check = (reply: Reply, what: string, ok: number[] = [200]) => {
    if (!ok.includes(reply.status)) problems.push(`${what}: ${show(reply)}`);
  };
  // The newest first: a part a test put on another's bill goes after that assembly.
  for (const partId of [...made.parts].reverse()) {
    const shown = await get(target, `/part/${partId}`);
    if (shown.status === 404) continue;
    const units = (shown.xml?.part as Rec | undefined)?.inventory_units;
    for (const unit of (Array.isArray(units) ? units : []) as Rec[]) {
      if (unit.quantity === '0.0') continue;
      check(await adjust(target, partId, Number(unit.id), '0'), `emptying unit ${unit.id}`);
    }
    check(await del(target, `/part/${partId}`), `deleting part ${partId}`);
  }
  for (const id of made.locations) check(await del(target, `/inventory_location/${id}`), `deleting location ${id}`);
  // A conversion the test deleted already answers 404.
  for (const id of made.conversions) check(await del(target, `/unit_conversion/${id}`), `deleting unit conversion ${id}`, [200, 404]);
  for (const id of made.measures) check(await del(target, `/unit/${id}`), `deleting unit of measure ${id}`);
  check(await del(target, `/parttype/${made.setting.parttypeId}`), 'deleting the part type');
  check(await del(target, `/manufacturer/${made.setting.manufacturerId}`), 'deleting the manufacturer');
  if (problems.length > 0) throw new Error(`inventory clean-up failed:\n${problems.join('\n')}`);
}

/** `/parts/:part_id/inventory_units[/:id[/action]]`. */
export function unitPath(partId: number, unitId?: number, action?: string): string {
  return `/parts/${partId}/inventory_units${unitId === undefined ? '' : `/${unitId}`}${action ? `/${action}` : ''}`;
}

/** `<inventory_unit>fields…[<inventory_record>…</inventory_record>]</inventory_unit>`. */
export function unitXml(fields: Record<string, XmlValue>, record?: Record<string, XmlValue>): string {
  return xmlBody('inventory_unit', fields, record ? `<inventory_record>${xmlFields(record)}</inventory_record>` : '');
}

/** The full form of an inventory unit, fields in SPEC order. */
export const expectUnit = (reply: Reply): Rec => expectRecord(reply, 'inventory_unit', inventoryForms.unit);

/** `<location shortname (or name)> - <shelf>[ - <bin>]`, DESIGN 4. */
export function label(place: string, shelf: Place, bin?: string): string {
  return bin ? `${place} - ${shelf.name} - ${bin}` : `${place} - ${shelf.name}`;
}

/** What a unit's full form holds: the defaults of a bare unit on shelf A, then `fields`. */
export function unitExpected(stock: Stock, fields: Record<string, unknown>): Rec {
  const quantity = fields.quantity ?? '0.0';
  return {
    id: expect.stringMatching(INTEGER),
    quantity,
    quantity_available: quantity,
    unit: stock.measure.name,
    cost_per_unit: null,
    currency: 'USD',
    inventory_location: label(stock.location.shortname, stock.shelves[0]),
    sublocation_bin: null,
    asset_id: null,
    serial_number: null,
    lot_code: null,
    datecode: null,
    details: null,
    purchase_order_number: null,
    purchase_quantity: null,
    purchase_price: null,
    vendor: null,
    created_at: expect.stringMatching(TS_ISO),
    updated_at: expect.stringMatching(TS_ISO),
    ...fields,
  };
}

/** Creates a unit of `partId` (the stock's part unless told) on shelf A; the test fails on an error. */
export async function addUnit(
  stock: Stock,
  fields: Record<string, XmlValue> = {},
  options: { partId?: number; token?: string } = {},
): Promise<Rec> {
  const body = unitXml({ inventory_sublocation_id: stock.shelves[0].id, unit_id: stock.measure.id, quantity: '10', ...fields });
  const reply = await post(stock.target, unitPath(options.partId ?? stock.partId), { body, token: options.token });
  return expectUnit(reply);
}

/** PUT adjust_quantity with an XML body: the new quantity and, when given, the record's fields. */
export function adjust(
  target: Target,
  partId: number,
  unitId: number,
  quantity: XmlValue,
  record?: Record<string, XmlValue>,
  token?: string,
): Promise<Reply> {
  return put(target, unitPath(partId, unitId, 'adjust_quantity'), { body: unitXml({ quantity }, record), token });
}

export async function showUnit(target: Target, partId: number, unitId: number): Promise<Rec> {
  return expectUnit(await get(target, unitPath(partId, unitId)));
}

/** A unit's inventory records, oldest first. */
export async function recordsOf(target: Target, partId: number, unitId: number): Promise<Rec[]> {
  const reply = await get(target, unitPath(partId, unitId, 'inventory_records'));
  expect(reply.headers.get('x-pagination'), 'an unpaged list sends no X-Pagination').toBeNull();
  return expectList(reply, 'inventory_records', 'inventory_record', inventoryForms.record);
}

/** The per-part listing (`GET <P>/part/:id/inventory_units`). */
export async function listingOf(target: Target, part: number | string, query?: string): Promise<Rec[]> {
  const reply = await get(target, `/part/${part}/inventory_units`, query === undefined ? {} : { query });
  return expectList(reply, 'inventory_units', 'inventory_unit', inventoryForms.listed);
}

/** A record as it reads back: ids as strings, empty fields null, a TS-ISO time. */
export function recordExpected(
  stock: Stock,
  unitId: number | string,
  fields: {
    type: string;
    before: string;
    after: string;
    from?: number | null;
    to?: number | null;
    related?: number | string | null;
    comment?: string | null;
    creatorId?: string;
  },
): Rec {
  const id = (value: number | string | null | undefined) => (value === null || value === undefined ? null : String(value));
  return {
    id: expect.stringMatching(INTEGER),
    inventory_unit_id: String(unitId),
    record_type: fields.type,
    quantity_before: fields.before,
    quantity_after: fields.after,
    from_sublocation_id: id(fields.from),
    to_sublocation_id: id(fields.to),
    related_inventory_unit_id: id(fields.related),
    comment: fields.comment ?? null,
    creator_id: fields.creatorId ?? stock.creatorId,
    created_at: expect.stringMatching(TS_ISO),
  };
}

/** What a refused request must leave as it was: each unit's show and records, and each part's listing. */
export interface Snapshot {
  readonly units: ReadonlyArray<{ partId: number; unitId: number; show: Rec; records: Rec[] }>;
  readonly listings: ReadonlyArray<{ partId: number; listing: Rec[] }>;
}

/**
 * Reads `units` (of the stock's part unless a pair names another) and the listings of `listings`
 * (by default the stock's part and every part a pair names).
 */
export async function snapshot(
  stock: Stock,
  units: ReadonlyArray<number | { partId: number; unitId: number }>,
  listings?: readonly number[],
): Promise<Snapshot> {
  const pairs = units.map((u) => (typeof u === 'number' ? { partId: stock.partId, unitId: u } : u));
  const parts = listings ?? [...new Set([stock.partId, ...pairs.map((p) => p.partId)])];
  return {
    units: await Promise.all(
      pairs.map(async ({ partId, unitId }) => ({
        partId,
        unitId,
        show: await showUnit(stock.target, partId, unitId),
        records: await recordsOf(stock.target, partId, unitId),
      })),
    ),
    listings: await Promise.all(parts.map(async (partId) => ({ partId, listing: await listingOf(stock.target, partId) }))),
  };
}

/** Reads everything `before` holds again and asserts it is the same. */
export async function expectUnchanged(stock: Stock, before: Snapshot): Promise<void> {
  for (const unit of before.units) {
    expect(await showUnit(stock.target, unit.partId, unit.unitId), `show of unit ${unit.unitId}`).toEqual(unit.show);
    expect(await recordsOf(stock.target, unit.partId, unit.unitId), `records of unit ${unit.unitId}`).toEqual(unit.records);
  }
  for (const { partId, listing } of before.listings) {
    expect(await listingOf(stock.target, partId), `listing of part ${partId}`).toEqual(listing);
  }
}

/** The sum of `quantity_after - quantity_before` over `records`, written canonically (`12.0`, `2.5`). */
export function netChange(records: readonly Rec[]): string {
  return fromScaled(sumScaled(records.map((r) => toScaled(r.quantity_after as string) - toScaled(r.quantity_before as string))));
}

/** The sum of decimal strings, written canonically. */
export function sumOf(values: readonly string[]): string {
  return fromScaled(sumScaled(values.map(toScaled)));
}
