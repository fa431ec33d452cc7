import { randomInt } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { escapeXml, get, post, unique, xmlFields, type XmlValue } from './client';
import { expectStatus, idOf, type Rec } from './expect-xml';
import { createLocation, createVendor, sublocationsXml } from './fixtures';
import { createPart, partSetting } from './part-fixtures';
import { runPips } from './pips-cli';
import type { Target } from './targets';

/**
 * What a purchase order scenario stands on: a vendor, a part, a dock to receive into, and days
 * of its own. Purchase orders cannot be removed through the API (DESIGN 4: read only), so what
 * they name stays until the target stops; each scenario lists only its own days, which no other
 * scenario uses, so the orders other scenarios left never show.
 */
export interface Purchasing {
  readonly target: Target;
  readonly vendor: { readonly id: number; readonly name: string };
  readonly partId: number;
  readonly partnumber: string;
  /** The part's manufacturer part number, its manufacturer and its (draft) revision, as created. */
  readonly manufacturerPn: string;
  readonly manufacturer: { readonly id: number; readonly name: string };
  readonly revision: { readonly id: number; readonly name: string };
  readonly unitId: number;
  readonly dock: number;
  /** Day `n` of this scenario's own stretch of days, YYYY-MM-DD. */
  day(n: number): string;
}

const DAY = 86_400_000;
/** Scenarios draw a stretch of 30 days from 2200–9000, far from any real order and from each other's. */
const FIRST = Date.UTC(2200, 0, 1);
const STRETCHES = Math.floor((Date.UTC(9000, 0, 1) - FIRST) / DAY / 30);

export async function purchasingSetting(target: Target): Promise<Purchasing> {
  const setting = await partSetting(target);
  const partnumber = unique('PO');
  const part = await createPart(target, setting, { partnumber });
  const manufacturer = (await get(target, `/manufacturer/${setting.manufacturerId}`)).xml?.manufacturer as Rec;
  const revision = part.revision as Rec;
  const vendor = await createVendor(target, { name: unique('Vendor') });
  const location = await createLocation(target, { shortname: unique('RCV') }, sublocationsXml([{ name: 'Dock' }]));
  const dock = location.inventory_sublocation as Rec;
  const start = FIRST + randomInt(STRETCHES) * 30 * DAY;
  return {
    target,
    vendor: { id: idOf(vendor), name: vendor.name as string },
    partId: idOf(part),
    partnumber,
    manufacturerPn: part.manufacturer_pn as string,
    manufacturer: { id: setting.manufacturerId, name: manufacturer.name as string },
    revision: { id: idOf(revision), name: revision.revision_name as string },
    unitId: setting.unitId,
    dock: idOf(Array.isArray(dock) ? (dock[0] as Rec) : dock),
    day: (n) => new Date(start + n * DAY).toISOString().slice(0, 10),
  };
}

/** `<purchase_item>` with `fields`. */
export const itemXml = (fields: Record<string, XmlValue>) => `<purchase_item>${xmlFields(fields)}</purchase_item>`;

/** An order in the show form: its vendor as the `vendor` element, `fields`, then its lines. */
export function orderXml(p: Purchasing, fields: Record<string, XmlValue>, items: readonly string[] = []): string {
  const vendor = `<vendor><id>${p.vendor.id}</id><name>${escapeXml(p.vendor.name)}</name></vendor>`;
  return `<purchase_order>${vendor}${xmlFields(fields)}<purchase_items type="array">${items.join('')}</purchase_items></purchase_order>`;
}

export const ordersFile = (orders: readonly string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<purchase_orders type="array">${orders.join('')}</purchase_orders>\n`;

/** What an import said: nothing when it took the file, else each problem (without the CLI's `error: `). */
export interface ImportOutcome {
  readonly ok: boolean;
  readonly problems: readonly string[];
}

/**
 * Brings `file` in as an operator would: on the harness through its control route, on a server
 * with `npm run pips -- import purchase-orders FILE` beside it (on the embedded database the CLI
 * hands the file to the running server).
 */
export async function importOrders(target: Target, file: string): Promise<ImportOutcome> {
  if (!target.cliEnv) {
    const reply = await post(target, '/__harness/purchase_orders', { rawPath: true, body: file });
    if (reply.status === 200) return { ok: true, problems: [] };
    expectStatus(reply, 400);
    // `<errors type="array">` reads as the list of its messages.
    const listed = reply.xml?.errors;
    return { ok: false, problems: Array.isArray(listed) ? listed.map(String) : [reply.text] };
  }
  const dir = await mkdtemp(join(tmpdir(), 'pips-conformance-import-'));
  try {
    const path = join(dir, 'orders.xml');
    await writeFile(path, file);
    const result = await runPips(target, ['import', 'purchase-orders', path]);
    if (result.code === 0) return { ok: true, problems: [] };
    return { ok: false, problems: result.stderr.trim().split('\n').map((line) => line.replace(/^error: /, '')) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Imports `orders` and fails the test unless the import took them. */
export async function importOk(target: Target, orders: readonly string[]): Promise<void> {
  const outcome = await importOrders(target, ordersFile(orders));
  expect(outcome.problems, 'the import’s problems').toEqual([]);
  expect(outcome.ok).toBe(true);
}

/** SPEC 2.16's list form, in order. */
const specListed = [
  'id', 'site_id', 'vendor_id', 'purchase_id', 'inventory_location_id', 'number', 'created_on', 'updated_at', 'payment_terms',
  'ship_to', 'notes', 'incoterm', 'emailed_at', 'ticket', 'vendor_salesorder', 'accepted_at', 'viewed_at',
  'delivery_requested_at', 'insurance', 'shipping_account', 'shipping_method', 'fob', 'delivery_terms',
] as const;

/** SPEC 2.16's forms, in order; the list form with `status` appended (docs/decisions.md, "Purchase orders"). */
export const purchaseOrderForms = {
  listed: [...specListed, 'status'],
  item: [
    'id', 'purchase_id', 'vendor_id', 'inventory_unit_id', 'quote_id', 'unit_id', 'unit_conversion_id', 'vendor_part_number_id',
    'part_id', 'part_revision_id', 'partnumber', 'part_revision_name', 'manufacturer', 'manufacturer_pn', 'quantity', 'price',
    'comment', 'received_quantity', 'received_at', 'vendor_promise_date', 'use_as_units', 'vendor_pn', 'position',
  ],
} as const;

/** The show form: SPEC's list form with `vendor` for vendor_id, `currency` and `status` after the fields, then the lines. */
export const shownOrderFields = [
  ...specListed.map((field) => (field === 'vendor_id' ? 'vendor' : field)),
  'currency',
  'status',
  'purchase_items',
];
