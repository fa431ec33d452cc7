import { expect, it } from 'vitest';
import {
  addQuote, parseQuote,
  adjustInventoryQuantity,
  parseAdjust,
  moveInventoryUnit,
  parseMove,
  createInventoryUnit,
  parseCreateUnit,
  inventoryLocationResource,
  listPartUnits,
  listUnitRecords,
  searchInventoryUnits,
  showInventoryUnit,
  parseSplit,
  splitInventoryUnit,
  updateInventoryUnit,
  parseUpdateUnit,
  addSubpart,
  parseSubpart,
  listPartAncestors,
  showRevision,
  addVendorPartNumber, parseVendorPartNumber,
  createPart, parseCreatePart,
  createRecord, parseRecord,
  importPurchaseOrders, parsePurchaseOrderImport,
  listPurchaseOrders,
  showPurchaseOrder,
  explodeBom,
  listParts,
  many,
  ref,
  showPart,
  showRecord,
  streamRecords,
  tree,
  unitConversionResource,
  unitResource,
  vendorResource,
} from '@pips/domain';
import { partContext } from './part-setting.test-helper';
import { describeStatementCounts } from './statement-count.test-helper';

// How many statements the request path sends: pinned, and the same however much the records hold.

describeStatementCounts('statements per read', ({ open, counted, statements }) => {
  async function setUp() {
    const store = await open();
    const { ctx, setting } = await partContext(store);
    const vendor = (await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Digi' }))).row.id;
    return { ctx, setting, vendor };
  }

  it('shows a part in one statement, with one quote or twenty', async () => {
    const { ctx, setting, vendor } = await setUp();
    const body = (pn: string) => ({ manufacturer_pn: pn, ...setting, revision: { revision_name: 'A', x_size: '0402' } });
    const small = (await createPart(ctx, parseCreatePart(body('SMALL')))).part.id;
    const large = (await createPart(ctx, parseCreatePart(body('LARGE')))).part.id;
    await addQuote(ctx, parseQuote({ part_id: String(small), vendor_id: String(vendor), price: '1.5' }));
    for (let i = 0; i < 20; i++) {
      await addQuote(ctx, parseQuote({ part_id: String(large), vendor_id: String(vendor), price: `${i}.25` }));
      await addVendorPartNumber(ctx, parseVendorPartNumber({ part_id: String(large), vendor_id: String(vendor), part_number: `V-${i}` }));
    }
    expect(await counted(() => showPart(ctx, { id: small }))).toBe(1);
    expect(await counted(() => showPart(ctx, { partnumber: 'none' }).catch(() => undefined))).toBe(1);
    const shown = await showPart(ctx, { id: large });
    expect([shown.quotes.length, shown.vendorPartNumbers.length]).toEqual([20, 20]);
    expect(await counted(() => showPart(ctx, { id: large }))).toBe(1);
    expect(statements.some((sql) => /^\s*(BEGIN|COMMIT)/i.test(sql))).toBe(false);
  });

  it('shows a part and its revision in one statement, with one subpart or two hundred', async () => {
    const { ctx, setting } = await setUp();
    const make = async (partnumber: string) =>
      (await createPart(ctx, parseCreatePart({ manufacturer_pn: partnumber, partnumber, ...setting, revision: { revision_name: 'A' } }))).part.id;
    const [small, large] = [await make('SMALL'), await make('LARGE')];
    const children: number[] = [];
    for (let i = 0; i < 200; i++) children.push(await make(`CHILD-${i}`));
    await addSubpart(ctx, parseSubpart({ part_id: String(small), partnumber: 'CHILD-0', quantity: '1' }));
    for (let i = 0; i < 200; i++) await addSubpart(ctx, parseSubpart({ part_id: String(large), partnumber: `CHILD-${i}`, quantity: '2' }));
    expect(await counted(() => showPart(ctx, { id: small }))).toBe(1);
    const shown = await showPart(ctx, { id: large });
    expect(shown.subparts).toHaveLength(200);
    expect(await counted(() => showPart(ctx, { id: large }))).toBe(1);
    // The child's show lists where it is used, in the same one statement.
    const child = await showPart(ctx, { id: children[0]! });
    expect(child.partlistParts.map((line) => line.part_id)).toEqual([small, large]);
    expect(await counted(() => showPart(ctx, { id: children[0]! }))).toBe(1);
    expect(await counted(() => showRevision(ctx, large, shown.revision.revision.id))).toBe(1);
    expect(await counted(() => listPartAncestors(ctx, children[0]!, child.revision.revision.id))).toBe(1);
  });

  it('shows a part with fifty units, a unit and its records in one statement each, a search in one, an adjustment, a move, an update and a split in two each', async () => {
    const { ctx, setting } = await setUp();
    const location = await createRecord(ctx, inventoryLocationResource, parseRecord(inventoryLocationResource, {
      name: 'Main',
      inventory_sublocations: [{ name: 'Shelf' }, { name: 'Rack' }],
    }));
    const [shelf, rack] = location.related.sublocations.map((sublocation) => String(sublocation.id));
    const part = (await createPart(ctx, parseCreatePart({ manufacturer_pn: 'STOCKED', partnumber: 'STOCKED-1', ...setting, revision: { revision_name: 'A' } }))).part.id;
    const unitBody = (sublocation: string) => ({ inventory_sublocation_id: sublocation, unit_id: setting.unit_id, quantity: '100' });
    const first = (await createInventoryUnit(ctx, parseCreateUnit({ partId: part }, unitBody(shelf!)))).unit.id;
    expect((await showPart(ctx, { id: part })).inventoryUnits).toHaveLength(1);
    expect(await counted(() => showPart(ctx, { id: part }))).toBe(1);
    for (let i = 1; i < 50; i++) await createInventoryUnit(ctx, parseCreateUnit({ partId: part }, unitBody(i % 2 ? rack! : shelf!)));
    expect((await showPart(ctx, { id: part })).inventoryUnits).toHaveLength(50);
    expect(await counted(() => showPart(ctx, { id: part }))).toBe(1);
    expect(await counted(() => showInventoryUnit(ctx, part, first))).toBe(1);
    expect(await counted(() => listUnitRecords(ctx, part, first, { page: '1' }))).toBe(1);
    expect(await counted(() => listPartUnits(ctx, { id: part }))).toBe(1);
    // Inside its transaction: the unit locked with its measure and place, then the plan (the update and the record).
    const adjust = (quantity: string) => adjustInventoryQuantity(ctx, parseAdjust({ partId: part, unitId: first }, { quantity }));
    expect(await counted(() => adjust('90'))).toBe(2);
    expect(await counted(() => adjust('80'))).toBe(2);
    // Five at once: two statements for those that waited together (all five, when the last adjustment's
    // turn had not yet passed, else the four behind the first), and two for a first that ran alone.
    const five = await counted(async () => {
      const answers = await Promise.all(['75', '74', '73', '72', '71'].map(adjust));
      expect(answers.map((answer) => answer.unit.quantity)).toEqual(['75.0', '74.0', '73.0', '72.0', '71.0']);
    });
    expect([2, 4]).toContain(five);
    const chain = (await listUnitRecords(ctx, part, first, { page: '1' })).records.slice(-5).map((r) => [r.quantity_before, r.quantity_after]);
    expect(chain).toEqual([['80.0', '75.0'], ['75.0', '74.0'], ['74.0', '73.0'], ['73.0', '72.0'], ['72.0', '71.0']]);
    // Likewise: the unit locked with its places and the target's, then the plan (the update and the record).
    const move = (sublocation: string) => moveInventoryUnit(ctx, parseMove({ partId: part, unitId: first }, { inventory_sublocation_id: sublocation }));
    expect(await counted(() => move(rack!))).toBe(2);
    expect(await counted(() => move(shelf!))).toBe(2);
    // Likewise: the unit locked with its places, then the plan (the update alone: details are not stock).
    expect(await counted(() => updateInventoryUnit(ctx, parseUpdateUnit({ partId: part, unitId: first }, { lot_code: 'LOT-X1' })))).toBe(2);
    const search = { field0: 'lot_code', term0: 'lot-x', term1: 'tocked', comparison1: 'starts_with', per_page: '10' };
    const found = await searchInventoryUnits(ctx, search);
    expect([found.units.map((view) => view.unit.id), found.pagination.total_entries]).toEqual([[first], 1]);
    expect((await searchInventoryUnits(ctx, { term0: 'STOCKED' })).pagination.total_entries).toBe(50);
    expect(await counted(() => searchInventoryUnits(ctx, search))).toBe(1);
    // The locked unit with both units' measure and places in one statement, and the plan (the update, the new unit and both records) in another.
    // With BEGIN and COMMIT: four round trips on PostgreSQL; on PGlite BEGIN travels with the first and COMMIT is not waited for.
    const split = parseSplit({ partId: part, unitId: first }, { inventory_sublocation_id: rack!, quantity: '1' });
    expect(await counted(() => splitInventoryUnit(ctx, split))).toBe(2);
    // Five at once, as five adjustments: two statements for those that waited together, two for a first alone.
    const splits = await counted(async () => {
      const answers = await Promise.all(Array.from({ length: 5 }, () => splitInventoryUnit(ctx, split)));
      expect(answers.map(([original]) => original!.unit.quantity)).toEqual(['69.0', '68.0', '67.0', '66.0', '65.0']);
    });
    expect([2, 4]).toContain(splits);
  });

  it('lists a page of parts in one statement, for ten parts or a hundred', async () => {
    const { ctx, setting } = await setUp();
    const page = async () => {
      const list = await listParts(ctx, { page: '1', per_page: '100' });
      let items = 0;
      for await (const batch of list.batches) items += batch.length;
      return items;
    };
    for (let i = 0; i < 10; i++) await createPart(ctx, parseCreatePart({ manufacturer_pn: `P${i}`, ...setting, revision: { revision_name: 'A', x_n: String(i) } }));
    expect(await counted(page)).toBe(1);
    for (let i = 10; i < 100; i++) await createPart(ctx, parseCreatePart({ manufacturer_pn: `P${i}`, ...setting, revision: { revision_name: 'A', x_n: String(i) } }));
    statements.length = 0;
    expect(await page()).toBe(100);
    expect(statements).toHaveLength(1);
  });

  it('shows a purchase order with one line or fifty, and lists a page of orders, in one statement each', async () => {
    const { ctx, vendor } = await setUp();
    const order = (number: string, lines: number) => ({
      number,
      vendor_id: String(vendor),
      created_on: '2026-03-01 10:00:00 +0000',
      purchase_items: Array.from({ length: lines }, () => ({ quantity: '1', partnumber: 'X' })),
    });
    const { orders } = await importPurchaseOrders(ctx, parsePurchaseOrderImport([order('PO-1', 1), order('PO-2', 50)]));
    for (const { id } of orders) expect(await counted(() => showPurchaseOrder(ctx, id))).toBe(1);
    const page = async () => {
      const list = await listPurchaseOrders(ctx, { page: '1', per_page: '100', status: 'draft', start_date: '2026-03-01', end_date: '2026-03-01' });
      for await (const batch of list.batches) expect(batch).toHaveLength(2);
    };
    expect(await counted(page)).toBe(1);
    // Streamed a batch of one at a time, newest first within the days asked, one statement per batch.
    await importPurchaseOrders(ctx, parsePurchaseOrderImport([{ ...order('PO-3', 0), created_on: '2026-03-02 09:00:00 +0000' }, { ...order('PO-4', 0), created_on: '2026-03-05 09:00:00 +0000' }]));
    const streamed: string[] = [];
    const statementsOfStream = await counted(async () => {
      const list = await listPurchaseOrders(ctx, { start_date: '2026-03-01', end_date: '2026-03-02' }, 1);
      for await (const batch of list.batches) streamed.push(...batch.map((o) => o.number));
    });
    expect(streamed).toEqual(['PO-3', 'PO-2', 'PO-1']);
    expect(statementsOfStream).toBe(4);
  });

  it('reads a bill of two hundred lines four levels deep, and the parts it uses, in one statement', async () => {
    const { ctx, setting } = await setUp();
    type Item = { part: number; revision: number };
    const items = async (n: number, name: string) => {
      const made: Item[] = [];
      for (let i = 0; i < n; i++) {
        const view = await createPart(ctx, parseCreatePart({ manufacturer_pn: `${name}${i}`, ...setting, revision: { revision_name: 'A' } }));
        made.push({ part: view.part.id, revision: view.revision.revision.id });
      }
      return made;
    };
    // A top assembly of 2 sub-assemblies of 3 modules of 3 boards, each board 10 components.
    const [top] = (await items(1, 'TOP')) as [Item];
    const [subs, modules, boards, components] = [await items(2, 'SUB'), await items(6, 'MOD'), await items(18, 'BRD'), await items(10, 'CMP')];
    const lines: Array<[Item, Item, number]> = [];
    const uses = (assembly: Item, children: Item[]) => children.forEach((child, i) => lines.push([assembly, child, i + 1]));
    uses(top, subs);
    subs.forEach((sub, i) => uses(sub, modules.slice(i * 3, i * 3 + 3)));
    modules.forEach((module, i) => uses(module, boards.slice(i * 3, i * 3 + 3)));
    boards.forEach((board) => uses(board, components));
    await ctx.store.transaction(async (tx) => {
      for (const [assembly, child, position] of lines) {
        await tx.repo('subpart').insert({
          part_id: assembly.part,
          part_revision_id: assembly.revision,
          subpart_id: child.part,
          subpart_part_revision_id: child.revision,
          quantity: `${position}.5`,
          build_sequence: null,
          designator: `D${position}`,
          no_load: false,
          comment: null,
          position,
          created_at: new Date(),
          updated_at: new Date(),
        });
      }
    });
    const bill = { parent: 'part_revision_id', child: 'subpart_part_revision_id', maxDepth: 20, limit: 10_000 } as const;
    statements.length = 0;
    const loaded = await ctx.store.read((tx) =>
      tx.load({
        lines: tree('subpart', { part_revision_id: top.revision }, bill),
        parts: many('part', { id: ref('lines', 'subpart_id') }),
      }),
    );
    expect(statements).toHaveLength(1);
    expect(loaded.lines).toHaveLength(lines.length);
    expect(lines).toHaveLength(2 + 6 + 18 + 180);
    expect(Math.max(...loaded.lines.map((line) => line.path.length))).toBe(4);
    expect(loaded.parts).toHaveLength(2 + 6 + 18 + 10);
  });

  it('explodes a bill three levels deep with its cost, quotes and unit conversions in one statement', async () => {
    const { ctx, setting, vendor } = await setUp();
    const make = async (partnumber: string, inventory_price?: string) =>
      (await createPart(ctx, parseCreatePart({ manufacturer_pn: partnumber, partnumber, ...setting, ...(inventory_price ? { inventory_price } : {}), revision: { revision_name: 'A' } }))).part;
    const line = (assembly: { id: number }, child: { partnumber: string }, quantity: string) =>
      addSubpart(ctx, parseSubpart({ part_id: String(assembly.id), partnumber: child.partnumber, quantity }));
    // TOP lists SUB twice; SUB lists two MODs; each MOD lists a priced, a quoted and a reel-quoted part.
    const [top, sub, modules] = [await make('X-TOP'), await make('X-SUB'), [await make('X-MOD1'), await make('X-MOD2')]];
    const [priced, quoted, reeled] = [await make('X-RES', '0.01'), await make('X-CAP'), await make('X-IC')];
    const reel = (await createRecord(ctx, unitResource, parseRecord(unitResource, { name: 'Reel' }))).row.id;
    await createRecord(ctx, unitConversionResource, parseRecord(unitConversionResource, { from_unit_id: String(reel), to_unit_id: setting.unit_id, factor: '1000' }));
    await addQuote(ctx, parseQuote({ part_id: String(quoted.id), vendor_id: String(vendor), price: '0.2' }));
    await addQuote(ctx, parseQuote({ part_id: String(quoted.id), vendor_id: String(vendor), price: '0.1', currency_id: 'EUR' }));
    await addQuote(ctx, parseQuote({ part_id: String(reeled.id), vendor_id: String(vendor), price: '500', unit_id: String(reel) }));
    await line(top, sub, '2');
    await line(top, sub, '1');
    for (const module of modules) {
      await line(sub, module, '1');
      for (const part of [priced, quoted, reeled]) await line(module, part, '3');
    }
    const revision = (await ctx.store.read((tx) => tx.repo('part').get(top.id)))!.active_revision_id!;
    statements.length = 0;
    const bom = await explodeBom(ctx, top.id, revision);
    expect(statements).toHaveLength(1);
    expect(statements.some((sql) => /^\s*(BEGIN|COMMIT)/i.test(sql))).toBe(false);
    expect(bom.lines).toHaveLength(2 * (1 + 2 * (1 + 3)));
    expect(Math.max(...bom.lines.map((l) => l.depth))).toBe(3);
    // 3 builds of SUB × 2 modules × 3 each of 0.01 + 0.2 + 0.5.
    expect(bom.cost).toEqual({ total: '12.78', currency: 'USD', leavesWithoutPrice: 0 });
  });

  it('checks a bill line against every line above and below it in one statement however deep, under one lock', async () => {
    const { ctx, setting } = await setUp();
    const chain: number[] = [];
    for (let i = 0; i < 60; i++) {
      chain.push((await createPart(ctx, parseCreatePart({ manufacturer_pn: `DEEP-${i}`, partnumber: `DEEP-${i}`, ...setting, revision: { revision_name: 'A' } }))).part.id);
      if (i > 0) await addSubpart(ctx, parseSubpart({ part_id: String(chain[i - 1]), partnumber: `DEEP-${i}`, quantity: '1' }));
    }
    const walks = () => statements.filter((sql) => /^WITH RECURSIVE/.test(sql));
    const locks = () => statements.filter((sql) => /pg_advisory_xact_lock/.test(sql));
    // Added in the middle of the chain: 29 lines above it, 30 below.
    await counted(() => addSubpart(ctx, parseSubpart({ part_id: String(chain[29]), partnumber: 'DEEP-59', quantity: '1' })));
    expect([walks().length, locks().length]).toEqual([1, 1]);
    // Refused at the bottom: the same walk, and one read of the part numbers the refusal names.
    statements.length = 0;
    const refusal = await addSubpart(ctx, parseSubpart({ part_id: String(chain[59]), partnumber: 'DEEP-0', quantity: '1' })).catch((error: unknown) => error);
    // The shortest way back: through the line just added, from DEEP-29.
    const loop = ['DEEP-59', ...chain.slice(0, 30).map((_, i) => `DEEP-${i}`), 'DEEP-59'];
    expect(refusal).toMatchObject({ code: 'unprocessable', messages: [`A part cannot contain itself: ${loop.join(' > ')}`] });
    expect([walks().length, locks().length]).toEqual([1, 1]);
    expect(statements.filter((sql) => /^WITH p0 AS \(SELECT [^)]* FROM "part" e WHERE e."id" = ANY/.test(sql))).toHaveLength(1);
  });

  it('shows a reference record with its related records in one statement, and streams a list one statement per batch', async () => {
    const { ctx } = await setUp();
    const unit = (await createRecord(ctx, unitResource, parseRecord(unitResource, { name: 'Reel' }))).row.id;
    expect(await counted(() => showRecord(ctx, unitResource, unit))).toBe(1);
    expect(
      await counted(async () => {
        for await (const batch of await streamRecords(ctx, unitResource, { batchSize: 1 })) void batch;
      }),
    ).toBe(3); // two units, one per batch, then the empty batch that ends the list
  });
});
