import { expect, it } from 'vitest';
import {
  addLinecard,
  createRecord,
  customerResource,
  deleteRecord,
  inventoryLocationResource,
  manufacturerResource,
  parseRecord,
  parseRecordChanges,
  parttypeResource,
  removeLinecard,
  updateRecord,
  vendorResource,
} from '@pips/domain';
import { partContext } from './part-setting.test-helper';
import { describeStatementCounts } from './statement-count.test-helper';

// How many statements the reference writes send inside their transactions: pinned. BEGIN and
// COMMIT are not among them (on PGlite BEGIN travels with the first, COMMIT is not waited for).

describeStatementCounts('statements per reference write', ({ open, counted }) => {
  async function setUp() {
    const store = await open();
    return (await partContext(store)).ctx;
  }

  it('creates a manufacturer in one statement, updates and deletes one in two: one read, one write', async () => {
    const ctx = await setUp();
    const create = (name: string) => createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name }));
    // The plan alone, its unique key the guard; the answer is built from the written row.
    expect(await counted(() => create('Murata'))).toBe(1);
    const [murata] = (await ctx.store.read((tx) => tx.repo('manufacturer').find({ name: 'Murata' })));
    expect(await createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name: 'TDK' }))).toMatchObject({ row: { name: 'TDK' }, related: { vendorIds: [] } });
    // A clash: the write refused by the key, then the read that words the refusal.
    await expect(create('Murata')).rejects.toThrow('Name has already been taken');
    expect(await counted(() => create('Murata').catch(() => undefined))).toBe(2);
    const update = (body: object) => updateRecord(ctx, manufacturerResource, murata!.id, parseRecordChanges(manufacturerResource, body));
    // The record locked with the name's clash and its vendors, then the plan.
    expect(await counted(() => update({ name: 'Murata Mfg' }))).toBe(2);
    expect(await counted(() => update({}))).toBe(1);
    // The record locked, then the plan (its linecards, then the record).
    expect(await counted(() => deleteRecord(ctx, manufacturerResource, murata!.id))).toBe(2);
    expect(await ctx.store.read((tx) => tx.repo('manufacturer').get(murata!.id))).toBeNull();
  });

  it('creates a location with its sublocations, a part type under a parent, a customer, in one statement or two', async () => {
    const ctx = await setUp();
    const location = () =>
      createRecord(ctx, inventoryLocationResource, parseRecord(inventoryLocationResource, { name: 'Main', inventory_sublocations: [{ name: 'A' }, { name: 'B' }] }));
    // Unique keys alone guard it: the plan (the location and its sublocations) at once.
    expect(await counted(location)).toBe(1);
    // A part type's parent is read (it must exist, and the answer names it), and its own rule runs first.
    const parent = (await ctx.store.read((tx) => tx.repo('parttype').find({})))[0]!;
    const child = () => createRecord(ctx, parttypeResource, parseRecord(parttypeResource, { name: 'Thin film', parent_id: String(parent.id) }));
    expect(await counted(child)).toBe(2);
    // No unique key and no reference to read: the plan alone.
    expect(await counted(() => createRecord(ctx, customerResource, parseRecord(customerResource, { name: 'Acme' })))).toBe(1);
  });

  it('deletes a vendor in two statements, links in two (one when linked already) and unlinks in two', async () => {
    const ctx = await setUp();
    const vendor = (await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Digi' }))).row.id;
    const manufacturer = (await ctx.store.read((tx) => tx.repo('manufacturer').find({})))[0]!.id;
    const pair = { manufacturer_id: manufacturer, vendor_id: vendor };
    expect(await counted(() => addLinecard(ctx, pair))).toBe(2);
    expect(await counted(() => addLinecard(ctx, pair))).toBe(1);
    // The link locked, then its delete with its event; a pair not linked, the read alone.
    expect(await counted(() => removeLinecard(ctx, pair))).toBe(2);
    expect(await counted(() => removeLinecard(ctx, pair).catch(() => undefined))).toBe(1);
    await addLinecard(ctx, pair);
    // The record locked with its contacts counted, then the plan (its linecards, then the record).
    expect(await counted(() => deleteRecord(ctx, vendorResource, vendor))).toBe(2);
    expect(await ctx.store.read((tx) => tx.repo('linecard').count())).toBe(0);
  });
});
