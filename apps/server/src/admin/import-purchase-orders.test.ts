import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPart, parseCreatePart,
  createRecord, parseRecord,
  inventoryLocationResource,
  manufacturerResource,
  parttypeResource,
  permissions,
  systemClock,
  unitResource,
  vendorResource,
  type Context,
  type Store,
} from '@pips/domain';
import { createMemoryBlobStore, createMemoryStore } from '@pips/store-memory';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../cli-program';

let store: Store;
let out: string;
let err: string;

// One store shared by every command of a test, as a database would be.
const cli = (...argv: string[]) =>
  runCli(argv, {
    env: { DATABASE_URL: 'memory:' },
    out: (t) => (out += t),
    err: (t) => (err += t),
    openStore: async () => ({ store: { ...store, description: store.description, close: async () => {} }, blobs: createMemoryBlobStore(), description: 'memory' }),
  });

async function seed() {
  const ctx: Context = { store, clock: systemClock, actor: { tokenId: 0, name: 'seed', permissions: new Set(permissions), readOnly: false }, site: { currency: 'USD' } };
  const vendor = (await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Mouser' }))).row.id;
  const unit = (await createRecord(ctx, unitResource, parseRecord(unitResource, { name: 'Each', allow_fractional: 'false' }))).row.id;
  const part = await createPart(ctx, parseCreatePart({
    manufacturer_pn: 'LM317',
    manufacturer_id: String((await createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name: 'TI' }))).row.id),
    parttype_id: String((await createRecord(ctx, parttypeResource, parseRecord(parttypeResource, { name: 'Regulator' }))).row.id),
    unit_id: String(unit),
    revision: { revision_name: 'A' },
  }));
  const location = await createRecord(ctx, inventoryLocationResource, parseRecord(inventoryLocationResource, { name: 'Main', shortname: 'MAIN', inventory_sublocations: [{ name: 'Dock' }] }));
  return { vendor, unit, part: part.part.id, dock: location.related.sublocations[0]!.id };
}

async function file(text: string) {
  const dir = await mkdtemp(join(tmpdir(), 'pips-import-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'orders.xml');
  await writeFile(path, text);
  return path;
}

const orders = (...bodies: string[]) => `<?xml version="1.0"?>\n<purchase_orders type="array">${bodies.join('')}</purchase_orders>`;

beforeEach(() => {
  store = createMemoryStore();
  out = '';
  err = '';
});

describe('pips import purchase-orders', () => {
  it('imports every order of the file and says what it brought in', async () => {
    const s = await seed();
    const item = `<purchase_item><part_id>${s.part}</part_id><quantity>100</quantity><price>0.42</price><received_quantity>100</received_quantity><inventory_sublocation_id>${s.dock}</inventory_sublocation_id></purchase_item>`;
    const path = await file(orders(
      `<purchase_order><number>PO-1</number><status>open</status><vendor><id>${s.vendor}</id><name>Mouser</name></vendor><purchase_items type="array">${item}</purchase_items></purchase_order>`,
      `<purchase_order><number>PO-2</number><vendor_id>${s.vendor}</vendor_id></purchase_order>`,
    ));
    expect(await cli('import', 'purchase-orders', path)).toBe(0);
    expect(err).toBe('');
    expect(out).toBe('imported 2 purchase orders (1 items, 1 received into stock)\n');
    const units = await store.read((tx) => tx.repo('inventory_unit').find());
    expect(units).toMatchObject([{ part_id: s.part, quantity: '100.0', purchase_order_number: 'PO-1', vendor: 'Mouser' }]);
  });

  it('prints every problem on its own line, exits 1 and imports nothing', async () => {
    const s = await seed();
    const path = await file(orders(
      `<purchase_order><number>PO-1</number><vendor_id>${s.vendor}</vendor_id></purchase_order>`,
      `<purchase_order><number>PO-2</number><vendor_id>999</vendor_id><purchase_items type="array"><purchase_item><part_id>999</part_id><quantity>-1</quantity></purchase_item></purchase_items></purchase_order>`,
    ));
    expect(await cli('import', 'purchase-orders', path)).toBe(1);
    expect(out).toBe('');
    expect(err.trim().split('\n')).toEqual([
      'error: purchase_order 2 (PO-2), purchase_item 1: Quantity must be greater than or equal to 0',
    ]);
    err = '';
    const fixed = await file(orders(
      `<purchase_order><number>PO-1</number><vendor_id>${s.vendor}</vendor_id></purchase_order>`,
      `<purchase_order><number>PO-2</number><vendor_id>999</vendor_id><purchase_items type="array"><purchase_item><part_id>999</part_id><quantity>1</quantity></purchase_item></purchase_items></purchase_order>`,
    ));
    expect(await cli('import', 'purchase-orders', fixed)).toBe(1);
    expect(err.trim().split('\n')).toEqual(['error: purchase_order 2 (PO-2): Vendor must exist', 'error: purchase_order 2 (PO-2), purchase_item 1: Part must exist']);
    expect(await store.read((tx) => tx.repo('purchase_order').count())).toBe(0);
  });

  it('refuses a file that is no purchase order file, or not there', async () => {
    expect(await cli('import', 'purchase-orders', await file('<purchase_orders><oops></purchase_orders>'))).toBe(1);
    expect(err).toMatch(/^error: the file is not XML the import reads: /);
    err = '';
    expect(await cli('import', 'purchase-orders', await file('<part><id>1</id></part>'))).toBe(1);
    expect(err).toBe('error: the file\'s root is <part>; an import holds <purchase_orders type="array">\n');
    err = '';
    expect(await cli('import', 'purchase-orders', '/nonexistent/orders.xml')).toBe(1);
    expect(err).toBe('error: cannot read /nonexistent/orders.xml: no such file or directory\n');
  });
});
