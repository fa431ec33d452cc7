import { describe, expect, it } from 'vitest';
import { addDecimal, subtractDecimal } from '../decimal';
import { deletePart } from '../parts/delete-part/delete-part';
import { releaseRevision } from '../revisions/release-revision/release-revision';
import { parseRelease } from '../revisions/release-revision/release-input';
import { fakeContext, type FakeContext } from '../test';
import type { NewRow } from '../ports';
import type { InventoryRecord, InventoryUnit } from '../records';
import { recordValues } from './inventory-record';
import { createInventoryUnit } from './create-unit/create-unit';
import { parseCreateUnit } from './create-unit/create-unit-input';
import { showInventoryUnit } from './read-units/show-unit';
import { listUnitRecords } from './read-units/list-unit-records';
import { splitInventoryUnit } from './split-unit/split-unit';
import { parseSplit } from './split-unit/split-unit-input';
import { adjustBody, inventorySetting, moveBody, unitBody, updateBody } from '../scenarios/inventory-setting.test-helper';

async function setUp() {
  const ctx = fakeContext();
  const s = await inventorySetting(ctx);
  const create = async (quantity: string, fields: Record<string, unknown> = {}) => (await createInventoryUnit(ctx, parseCreateUnit({ partId: s.part }, unitBody(s, quantity, fields)))).unit;
  return { ctx, s, create };
}

/** Every committed row of the inventory tables: compared before and after a refusal. */
const inventoryRows = async (ctx: FakeContext) => ({ units: await ctx.store.rows('inventory_unit'), records: await ctx.store.rows('inventory_record') });

/** The invariant the records keep: a unit's quantity is the sum of its records' changes. */
async function recordedQuantity(ctx: FakeContext, unitId: number): Promise<string> {
  const records = (await ctx.store.rows('inventory_record')).filter((record) => record.inventory_unit_id === unitId);
  return records.reduce((sum, record) => addDecimal(sum, subtractDecimal(record.quantity_after, record.quantity_before)), '0.0');
}

describe('createInventoryUnit', () => {
  it('creates the unit at the site currency with its create record, and answers its full view', async () => {
    const { ctx, s } = await setUp();
    const view = await createInventoryUnit(ctx, parseCreateUnit({ partId: s.part }, unitBody(s, '2.5', { sublocation_bin: 'B7', inventory_record: { comment: 'counted' } })));
    expect(view).toMatchObject({ unitName: 'Metre', location: 'MAIN - Shelf - B7', unit: { quantity: '2.5', currency: 'USD', part_id: s.part } });
    expect(await ctx.store.rows('inventory_record')).toEqual([
      expect.objectContaining({ inventory_unit_id: view.unit.id, record_type: 'create', quantity_before: '0.0', quantity_after: '2.5', to_sublocation_id: s.shelf, comment: 'counted', creator_id: 1 }),
    ]);
  });

  it('gathers every field problem in one 400 and writes nothing', async () => {
    const { ctx, s } = await setUp();
    expect(() => parseCreateUnit({ partId: s.part }, { quantity: '-1' })).toThrow(expect.objectContaining({
      code: 'invalid',
      messages: ["Inventory sublocation can't be blank", "Unit can't be blank", 'Quantity must be greater than or equal to 0'],
    }));
    await expect(createInventoryUnit(ctx, parseCreateUnit({ partId: s.part }, { inventory_sublocation_id: '999', unit_id: '998', quantity: '1' }))).rejects.toMatchObject({
      code: 'invalid',
      messages: ['Inventory sublocation must exist', 'Unit must exist'],
    });
    await expect(createInventoryUnit(ctx, parseCreateUnit({ partId: s.part }, unitBody(s, '1.5', { unit_id: String(s.piece) })))).rejects.toMatchObject({
      messages: ['Quantity must be a whole number: Piece is counted in whole units'],
    });
    expect(() => parseCreateUnit({ partId: s.part }, unitBody(s, '2', { serial_number: 'SN-1' }))).toThrow(expect.objectContaining({
      messages: ['Serial number needs a quantity of exactly 1'],
    }));
    await expect(createInventoryUnit(ctx, parseCreateUnit({ partId: 999 }, unitBody(s, '1')))).rejects.toMatchObject({ code: 'not_found' });
    expect(await inventoryRows(ctx)).toEqual({ units: [], records: [] });
  });

  it('generates distinct asset ids, skipping one taken by hand, and refuses a taken one', async () => {
    const { ctx, create } = await setUp();
    await create('1', { asset_id: 'A0000002' });
    const generated = [(await create('1', { generate_asset_id: 'true' })).asset_id, (await create('1', { generate_asset_id: 'true' })).asset_id];
    expect(generated).toEqual(['A0000001', 'A0000003']);
    expect((await create('1', { generate_asset_id: 'yes' })).asset_id).toBeNull();
    const before = await inventoryRows(ctx);
    await expect(create('1', { asset_id: 'A0000003' })).rejects.toMatchObject({ code: 'invalid', messages: ['Asset ID must be unique.'] });
    expect(await inventoryRows(ctx)).toEqual(before);
  });

  it('leaves nothing behind when the record cannot be written', async () => {
    const { ctx, s } = await setUp();
    ctx.store.failNextWrite(new Error('disk gone'), { table: 'inventory_record', kind: 'insert' });
    await expect(createInventoryUnit(ctx, parseCreateUnit({ partId: s.part }, unitBody(s, '1')))).rejects.toThrow('disk gone');
    expect(await inventoryRows(ctx)).toEqual({ units: [], records: [] });
  });

  it('needs Can view inventory', async () => {
    const { ctx, s } = await setUp();
    const blind = fakeContext({ store: ctx.store, permissions: ['manage_data'] });
    await expect(createInventoryUnit(blind, parseCreateUnit({ partId: s.part }, unitBody(s, '1')))).rejects.toMatchObject({ code: 'forbidden' });
  });
});

/** Another caller's adjustment of `unit` from `before` to `after`, committed at once: the rival landing between a read and a write. */
const rivalAdjust = (ctx: FakeContext, unit: InventoryUnit, before: string, after: string) =>
  ctx.store.transactionBeside(async (tx) => {
    await tx.repo('inventory_unit').update(unit.id, { quantity: after });
    await tx.repo('inventory_record').insert(recordValues(unit, { type: 'adjust', before, after, comment: null }, { creatorId: 1, now: new Date() }) as NewRow<InventoryRecord>);
  });

describe('changing a unit', () => {
  it('adjusts without a lock, guarded on what it read, recording adjust or consume with the quantities on both sides', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('10');
    const planned = ctx.store.plans.length;
    const [reads, transactions, locked] = [ctx.store.reads, ctx.store.transactions, ctx.store.locked.length];
    await adjustBody(ctx, s.part, unit.id, { quantity: '12' });
    await adjustBody(ctx, s.part, unit.id, { quantity: '4.25', inventory_record: { adjustment_type: 'consume', comment: 'build 7' } });
    // Each a read outside a transaction, then a transaction of one plan, which takes no lock.
    expect([ctx.store.reads - reads, ctx.store.transactions - transactions, ctx.store.locked.length - locked]).toEqual([2, 2, 0]);
    // Each in one plan: the update guarded by what it was read with, and the record.
    expect(ctx.store.plans.slice(planned).map((plan) => plan.steps.map((step) => `${step.kind} ${step.table}`))).toEqual([
      ['update inventory_unit', 'insert inventory_record', 'insert event'],
      ['update inventory_unit', 'insert inventory_record', 'insert event'],
    ]);
    // Each with its event, in the same plan: what changed, from what quantity.
    expect((await ctx.store.rows('event')).slice(-2).map((e) => [e.type, e.collection, e.record_id, JSON.parse(e.payload)])).toEqual([
      ['inventory_unit.adjusted', `part/${s.part}/inventory`, unit.id, expect.objectContaining({ quantity: '12.0', quantity_before: '10.0', comment: null })],
      ['inventory_unit.consumed', `part/${s.part}/inventory`, unit.id, expect.objectContaining({ quantity: '4.25', quantity_before: '12.0', comment: 'build 7' })],
    ]);
    expect(ctx.store.plans[planned + 1]!.steps[0]).toMatchObject({
      expected: { quantity: '12.0', serial_number: null, unit_id: unit.unit_id, inventory_sublocation_id: unit.inventory_sublocation_id },
    });
    const records = (await ctx.store.rows('inventory_record')).slice(1);
    expect(records.map((r) => [r.record_type, r.quantity_before, r.quantity_after, r.comment])).toEqual([
      ['adjust', '10.0', '12.0', null],
      ['consume', '12.0', '4.25', 'build 7'],
    ]);
    expect(await recordedQuantity(ctx, unit.id)).toBe('4.25');
  });

  it('adjusts again under the unit\'s lock when the unit changes between its read and its write, from the quantity then held', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('10');
    ctx.store.beforeNextWrite(() => rivalAdjust(ctx, unit, '10.0', '7.0'), { table: 'inventory_unit', kind: 'update' });
    const transactions = ctx.store.transactions;
    const answer = await adjustBody(ctx, s.part, unit.id, { quantity: '3' }, { adjustment_type: 'consume' });
    // The stale one (nothing written), then the locked one.
    expect(ctx.store.transactions - transactions).toBe(2);
    expect(ctx.store.locked).toContainEqual({ table: 'inventory_unit', where: { id: unit.id, part_id: s.part } });
    expect(answer.unit.quantity).toBe('3.0');
    const records = (await ctx.store.rows('inventory_record')).slice(1);
    expect(records.map((r) => [r.record_type, r.quantity_before, r.quantity_after])).toEqual([
      ['adjust', '10.0', '7.0'],
      ['consume', '7.0', '3.0'],
    ]);
    expect(JSON.parse((await ctx.store.rows('event')).at(-1)!.payload)).toMatchObject({ quantity: '3.0', quantity_before: '7.0' });
    expect(await recordedQuantity(ctx, unit.id)).toBe('3.0');
  });

  it('refuses under the lock what the unit no longer allows when it changed between its read and its write, changing nothing more', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('10');
    ctx.store.beforeNextWrite(() => rivalAdjust(ctx, unit, '10.0', '2.0'), { table: 'inventory_unit', kind: 'update' });
    await expect(adjustBody(ctx, s.part, unit.id, { quantity: '5' }, { adjustment_type: 'consume' })).rejects.toMatchObject({
      code: 'unprocessable',
      messages: ['A consumption cannot raise the quantity'],
    });
    expect((await ctx.store.rows('inventory_unit')).find((u) => u.id === unit.id)?.quantity).toBe('2.0');
    expect(await recordedQuantity(ctx, unit.id)).toBe('2.0');
  });

  it('takes no lock when adjustments and splits of one unit arrive together: they take turns in the process', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('100');
    const locked = ctx.store.locked.length;
    const split = () => splitInventoryUnit(ctx, parseSplit({ partId: s.part, unitId: unit.id }, { inventory_sublocation_id: String(s.rack), quantity: '1' }));
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => adjustBody(ctx, s.part, unit.id, { quantity: String(90 - i) })),
      split(),
      split(),
    ]);
    expect(answers).toHaveLength(10);
    expect(ctx.store.locked.length - locked).toBe(0);
    // Each started from what the one before left: the records chain from 100 to the unit's quantity.
    const records = (await ctx.store.rows('inventory_record')).filter((r) => r.inventory_unit_id === unit.id);
    for (const [i, record] of records.slice(1).entries()) expect(record.quantity_before).toBe(records[i]!.quantity_after);
    const held = (await ctx.store.rows('inventory_unit')).find((u) => u.id === unit.id)!.quantity;
    expect([held, await recordedQuantity(ctx, unit.id)]).toEqual(['81.0', '81.0']);
  });

  it('writes adjustments of one unit that wait together in one read and one plan, each answered as it left the unit', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('100');
    const [planned, reads] = [ctx.store.plans.length, ctx.store.reads];
    // Three arrive while the first holds the unit's turn: they wait, and are taken together.
    let rest!: Promise<Array<PromiseSettledResult<Awaited<ReturnType<typeof adjustBody>>>>>;
    ctx.store.beforeNextWrite(() => {
      rest = Promise.allSettled([
        adjustBody(ctx, s.part, unit.id, { quantity: '80' }),
        adjustBody(ctx, s.part, unit.id, { quantity: '85' }, { adjustment_type: 'consume', comment: 'raises' }),
        adjustBody(ctx, s.part, unit.id, { quantity: '70' }, { adjustment_type: 'consume', comment: 'build 7' }),
        adjustBody(ctx, s.other, unit.id, { quantity: '1' }),
      ]);
    }, { table: 'inventory_unit', kind: 'update' });
    expect((await adjustBody(ctx, s.part, unit.id, { quantity: '90' })).unit.quantity).toBe('90.0');
    const [a, refused, b, elsewhere] = await rest;
    expect([a, b].map((r) => (r?.status === 'fulfilled' ? r.value.unit.quantity : r))).toEqual(['80.0', '70.0']);
    expect(refused).toMatchObject({ status: 'rejected', reason: { code: 'unprocessable', messages: ['A consumption cannot raise the quantity'] } });
    expect(elsewhere).toMatchObject({ status: 'rejected', reason: { code: 'not_found' } });
    // The first alone; the two that could be made, in one plan guarded on the unit as the first left it.
    expect(ctx.store.plans.slice(planned).map((plan) => plan.steps.map((step) => `${step.kind} ${step.table}`))).toEqual([
      ['update inventory_unit', 'insert inventory_record', 'insert event'],
      ['update inventory_unit', 'insert inventory_record', 'insert event', 'insert inventory_record', 'insert event'],
    ]);
    expect(ctx.store.plans.at(-1)!.steps[0]).toMatchObject({ patch: { quantity: '70.0' }, expected: { quantity: '90.0' } });
    // Two reads for four of this part's adjustments; the other part's request was read alone, under the lock.
    expect(ctx.store.reads - reads).toBe(2);
    const records = (await ctx.store.rows('inventory_record')).filter((r) => r.inventory_unit_id === unit.id);
    expect(records.slice(1).map((r) => [r.record_type, r.quantity_before, r.quantity_after, r.comment])).toEqual([
      ['adjust', '100.0', '90.0', null],
      ['adjust', '90.0', '80.0', null],
      ['consume', '80.0', '70.0', 'build 7'],
    ]);
    expect((await ctx.store.rows('event')).slice(-3).map((e) => JSON.parse(e.payload) as object)).toEqual([
      expect.objectContaining({ quantity: '90.0', quantity_before: '100.0' }),
      expect.objectContaining({ quantity: '80.0', quantity_before: '90.0' }),
      expect.objectContaining({ quantity: '70.0', quantity_before: '80.0', comment: 'build 7' }),
    ]);
    expect([(await ctx.store.rows('inventory_unit')).find((u) => u.id === unit.id)!.quantity, await recordedQuantity(ctx, unit.id)]).toEqual(['70.0', '70.0']);
  });

  it('makes each adjustment of a batch again under the lock when the unit changed between the batch\'s read and its write', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('100');
    let rest!: Promise<Array<Awaited<ReturnType<typeof adjustBody>>>>;
    ctx.store.beforeNextWrite(() => {
      rest = Promise.all([adjustBody(ctx, s.part, unit.id, { quantity: '80' }), adjustBody(ctx, s.part, unit.id, { quantity: '60' }, { adjustment_type: 'consume' })]);
      // The batch's write finds the unit changed by another caller (from 90, as the first leaves it, to 75).
      ctx.store.beforeNextWrite(() => rivalAdjust(ctx, { ...unit, quantity: '90.0' }, '90.0', '75.0'), { table: 'inventory_unit', kind: 'update' });
    }, { table: 'inventory_unit', kind: 'update' });
    const locked = ctx.store.locked.length;
    await adjustBody(ctx, s.part, unit.id, { quantity: '90' });
    expect((await rest).map((answer) => answer.unit.quantity)).toEqual(['80.0', '60.0']);
    // The first and the batch without a lock; then each of the batch under it.
    expect(ctx.store.locked.slice(locked)).toEqual([
      { table: 'inventory_unit', where: { id: unit.id, part_id: s.part } },
      { table: 'inventory_unit', where: { id: unit.id, part_id: s.part } },
    ]);
    const records = (await ctx.store.rows('inventory_record')).filter((r) => r.inventory_unit_id === unit.id);
    expect(records.slice(1).map((r) => [r.record_type, r.quantity_before, r.quantity_after])).toEqual([
      ['adjust', '100.0', '90.0'],
      ['adjust', '90.0', '75.0'],
      ['adjust', '75.0', '80.0'],
      ['consume', '80.0', '60.0'],
    ]);
    expect(await recordedQuantity(ctx, unit.id)).toBe('60.0');
  });

  it('refuses a consumption that raises, a serialised unit above 1, and another part\'s unit, changing nothing', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('5');
    const serial = await create('1', { serial_number: 'SN-9' });
    const before = await inventoryRows(ctx);
    await expect(adjustBody(ctx, s.part, unit.id, { quantity: '6' }, { adjustment_type: 'consume' })).rejects.toMatchObject({
      code: 'unprocessable',
      messages: ['A consumption cannot raise the quantity'],
    });
    await expect(adjustBody(ctx, s.part, serial.id, { quantity: '2' })).rejects.toMatchObject({
      code: 'unprocessable',
      messages: ['A unit with a serial number can hold only a quantity of 1 or 0'],
    });
    await expect(adjustBody(ctx, s.other, unit.id, { quantity: '1' })).rejects.toMatchObject({
      code: 'not_found',
      messages: ["Couldn't find InventoryUnit with 'id'=" + unit.id],
    });
    expect(await inventoryRows(ctx)).toEqual(before);
    await adjustBody(ctx, s.part, serial.id, { quantity: '0' }, { adjustment_type: 'consume' });
  });

  it('moves with a record naming both sublocations, clearing the bin unless sent', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('3', { sublocation_bin: 'B1' });
    const moved = await moveBody(ctx, s.part, unit.id, { inventory_sublocation_id: String(s.rack) }, { comment: 'reshelved' });
    expect(ctx.store.locked).toContainEqual({ table: 'inventory_unit', where: { id: unit.id, part_id: s.part } });
    // In one plan: the update guarded by the quantity it was read with, and the record.
    expect(ctx.store.plans.at(-1)!.steps.map((step) => `${step.kind} ${step.table}`)).toEqual(['update inventory_unit', 'insert inventory_record', 'insert event']);
    expect((await ctx.store.rows('event')).at(-1)).toMatchObject({ type: 'inventory_unit.moved', record_id: unit.id });
    expect(moved).toMatchObject({ location: 'MAIN - Rack', unit: { inventory_sublocation_id: s.rack, sublocation_bin: null, quantity: '3.0' } });
    expect((await ctx.store.rows('inventory_record')).at(-1)).toMatchObject({
      record_type: 'move',
      from_sublocation_id: s.shelf,
      to_sublocation_id: s.rack,
      quantity_before: '3.0',
      quantity_after: '3.0',
      comment: 'reshelved',
    });
  });

  it('updates details without a record, and keeps a serial number to units of one', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('3');
    const updated = await updateBody(ctx, s.part, unit.id, { lot_code: 'L-42', cost_per_unit: '0.10' });
    expect(updated.unit).toMatchObject({ lot_code: 'L-42', cost_per_unit: '0.1' });
    expect(ctx.store.locked).toContainEqual({ table: 'inventory_unit', where: { id: unit.id, part_id: s.part } });
    expect(ctx.store.plans.at(-1)!.steps).toMatchObject([
      { kind: 'update', table: 'inventory_unit', id: unit.id, expected: { quantity: '3.0' } },
      { kind: 'insert', table: 'event', values: { type: 'inventory_unit.updated', record_id: unit.id } },
    ]);
    await expect(updateBody(ctx, s.part, unit.id, { serial_number: 'SN-1' })).rejects.toMatchObject({
      messages: ['Serial number needs a quantity of exactly 1'],
    });
    expect(await ctx.store.rows('inventory_record')).toHaveLength(1);
  });
});

describe('splitInventoryUnit', () => {
  it('moves the quantity to a new unit, copying what describes the stock, with a record on each naming the other', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('10', { lot_code: 'L1', cost_per_unit: '2', serial_number: null, asset_id: 'A-1', details: 'reel' });
    const planned = ctx.store.plans.length;
    const [original, split] = await splitInventoryUnit(ctx, parseSplit({ partId: s.part, unitId: unit.id }, {
      inventory_sublocation_id: String(s.rack),
      quantity: '2.5',
      generate_asset_id: 'true',
      inventory_record: { comment: 'kit' },
    }));
    expect(original!.unit).toMatchObject({ id: unit.id, quantity: '7.5', asset_id: 'A-1' });
    expect(split!.unit).toMatchObject({ quantity: '2.5', inventory_sublocation_id: s.rack, lot_code: 'L1', cost_per_unit: '2.0', details: 'reel', asset_id: 'A0000001' });
    const records = (await ctx.store.rows('inventory_record')).slice(1);
    expect(records.map((r) => [r.inventory_unit_id, r.record_type, r.quantity_before, r.quantity_after, r.related_inventory_unit_id, r.comment])).toEqual([
      [unit.id, 'split', '10.0', '7.5', split!.unit.id, 'kit'],
      [split!.unit.id, 'split', '0.0', '2.5', unit.id, 'kit'],
    ]);
    expect([await recordedQuantity(ctx, unit.id), await recordedQuantity(ctx, split!.unit.id)]).toEqual(['7.5', '2.5']);
    // Every write in one plan, the original's guarded by the quantity it was read with.
    expect(ctx.store.plans.slice(planned).map((plan) => plan.steps.map((step) => `${step.kind} ${step.table}`))).toEqual([
      ['update inventory_unit', 'insert inventory_unit', 'insert inventory_record', 'insert inventory_record', 'insert event', 'insert event'],
    ]);
    expect((await ctx.store.rows('event')).slice(-2).map((e) => [e.type, e.record_id])).toEqual([
      ['inventory_unit.split', unit.id],
      ['inventory_unit.created', split!.unit.id],
    ]);
    expect(ctx.store.plans[planned]!.steps[0]).toMatchObject({ expected: { quantity: '10.0' } });
    expect(ctx.store.locked).toContainEqual({ table: 'inventory_unit', where: { id: unit.id, part_id: s.part } });
  });

  it('splits without a lock when it sends no bin or asset id, guarded on what it read and copies', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('10', { lot_code: 'L1' });
    const [reads, transactions, locked] = [ctx.store.reads, ctx.store.transactions, ctx.store.locked.length];
    const [original, split] = await splitInventoryUnit(ctx, parseSplit({ partId: s.part, unitId: unit.id }, { inventory_sublocation_id: String(s.rack), quantity: '4' }));
    expect([ctx.store.reads - reads, ctx.store.transactions - transactions, ctx.store.locked.length - locked]).toEqual([1, 1, 0]);
    expect(ctx.store.plans.at(-1)!.steps[0]).toMatchObject({ expected: { quantity: '10.0', lot_code: 'L1', asset_id: null, serial_number: null } });
    expect([original!.unit.quantity, split!.unit.quantity, split!.unit.lot_code]).toEqual(['6.0', '4.0', 'L1']);
    expect([await recordedQuantity(ctx, unit.id), await recordedQuantity(ctx, split!.unit.id)]).toEqual(['6.0', '4.0']);
  });

  it('writes splits of one unit that wait together in one read and one plan, each answered with the original as it left it', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('10', { lot_code: 'L1' });
    const split = (sublocation: number, quantity: string) => splitInventoryUnit(ctx, parseSplit({ partId: s.part, unitId: unit.id }, { inventory_sublocation_id: String(sublocation), quantity }));
    const [planned, reads] = [ctx.store.plans.length, ctx.store.reads];
    let rest!: Promise<Array<PromiseSettledResult<Awaited<ReturnType<typeof split>>>>>;
    ctx.store.beforeNextWrite(() => {
      rest = Promise.allSettled([split(s.shelf, '2'), split(s.rack, '9'), split(999, '1'), split(s.rack, '3')]);
    }, { table: 'inventory_unit', kind: 'update' });
    const [first] = await split(s.rack, '1');
    expect(first!.unit.quantity).toBe('9.0');
    const [a, above, nowhere, b] = await rest;
    const views = [a, b].map((r) => (r?.status === 'fulfilled' ? r.value.map((view) => [view.unit.quantity, view.unit.inventory_sublocation_id, view.unit.lot_code]) : r));
    expect(views).toEqual([
      [['7.0', unit.inventory_sublocation_id, 'L1'], ['2.0', s.shelf, 'L1']],
      [['4.0', unit.inventory_sublocation_id, 'L1'], ['3.0', s.rack, 'L1']],
    ]);
    expect(above).toMatchObject({ status: 'rejected', reason: { code: 'unprocessable', messages: ["Quantity can't be greater than the quantity available."] } });
    expect(nowhere).toMatchObject({ status: 'rejected', reason: { code: 'invalid', messages: ['Inventory sublocation must exist'] } });
    // The first alone; the two that could be made in one plan, guarded on the unit as the first left it.
    expect(ctx.store.plans.slice(planned).map((plan) => plan.steps.filter((step) => step.table === 'inventory_unit').map((step) => step.kind))).toEqual([
      ['update', 'insert'],
      ['update', 'insert', 'insert'],
    ]);
    expect(ctx.store.plans.at(-1)!.steps[0]).toMatchObject({ patch: { quantity: '4.0' }, expected: { quantity: '9.0', lot_code: 'L1' } });
    expect(ctx.store.reads - reads).toBe(2);
    const records = (await ctx.store.rows('inventory_record')).filter((r) => r.inventory_unit_id === unit.id);
    expect(records.slice(1).map((r) => [r.quantity_before, r.quantity_after])).toEqual([['10.0', '9.0'], ['9.0', '7.0'], ['7.0', '4.0']]);
    const units = await ctx.store.rows('inventory_unit');
    expect(units.map((u) => u.quantity)).toEqual(['4.0', '1.0', '2.0', '3.0']);
    for (const u of units) expect(await recordedQuantity(ctx, u.id)).toBe(u.quantity);
    // Each new unit's records name the original, and the original's name it.
    expect(records.slice(2).map((r) => r.related_inventory_unit_id)).toEqual([units[2]!.id, units[3]!.id]);
  });

  it('splits again under the lock when the unit changes between its read and its write, copying it as it then is', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('10', { lot_code: 'L1' });
    ctx.store.beforeNextWrite(() => ctx.store.transactionBeside((tx) => tx.repo('inventory_unit').update(unit.id, { lot_code: 'L2' })).then(() => undefined), {
      table: 'inventory_unit',
      kind: 'update',
    });
    const [original, split] = await splitInventoryUnit(ctx, parseSplit({ partId: s.part, unitId: unit.id }, { inventory_sublocation_id: String(s.rack), quantity: '4' }));
    expect(ctx.store.locked).toContainEqual({ table: 'inventory_unit', where: { id: unit.id, part_id: s.part } });
    expect([original!.unit.lot_code, split!.unit.lot_code]).toEqual(['L2', 'L2']);
    // The stale plan wrote nothing: one unit more, and one split's records.
    expect(await ctx.store.rows('inventory_unit')).toHaveLength(2);
    expect([await recordedQuantity(ctx, unit.id), await recordedQuantity(ctx, split!.unit.id)]).toEqual(['6.0', '4.0']);
  });

  it('refuses under the lock a split the unit no longer holds when it changed between its read and its write', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('10');
    ctx.store.beforeNextWrite(() => rivalAdjust(ctx, unit, '10.0', '3.0'), { table: 'inventory_unit', kind: 'update' });
    await expect(
      splitInventoryUnit(ctx, parseSplit({ partId: s.part, unitId: unit.id }, { inventory_sublocation_id: String(s.rack), quantity: '4' })),
    ).rejects.toMatchObject({ code: 'unprocessable', messages: ["Quantity can't be greater than the quantity available."] });
    expect(await ctx.store.rows('inventory_unit')).toHaveLength(1);
    expect(await recordedQuantity(ctx, unit.id)).toBe('3.0');
  });

  it('refuses with SPEC 7\'s words and changes nothing', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('10', { asset_id: 'A-1' });
    await create('1', { asset_id: 'A-2' });
    const before = await inventoryRows(ctx);
    const split = async (fields: Record<string, unknown>) =>
      splitInventoryUnit(ctx, parseSplit({ partId: s.part, unitId: unit.id }, { inventory_sublocation_id: String(s.rack), ...fields }));
    await expect(split({ quantity: '3' })).rejects.toMatchObject({ code: 'unprocessable', messages: ['A new Asset ID is required.'] });
    await expect(split({ quantity: '3', asset_id: 'A-2' })).rejects.toMatchObject({ code: 'unprocessable', messages: ['Asset ID must be unique.'] });
    await expect(split({ quantity: '10', asset_id: 'A-3' })).rejects.toMatchObject({ messages: ['Quantity must be less than the quantity available.'] });
    await expect(split({ quantity: 'x' })).rejects.toMatchObject({ code: 'invalid' });
    expect(await inventoryRows(ctx)).toEqual(before);
  });
});

describe('units and the part', () => {
  it('shows a unit of its own part only, and pages its records', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('4');
    await adjustBody(ctx, s.part, unit.id, { quantity: '3' });
    expect((await showInventoryUnit(ctx, s.part, unit.id)).location).toBe('MAIN - Shelf');
    await expect(showInventoryUnit(ctx, s.other, unit.id)).rejects.toMatchObject({ code: 'not_found', messages: [`Couldn't find InventoryUnit with 'id'=${unit.id}`] });
    await expect(showInventoryUnit(ctx, 9999, unit.id)).rejects.toMatchObject({ code: 'not_found', messages: ["Couldn't find Part with 'id'=9999"] });
    const page = await listUnitRecords(ctx, s.part, unit.id, { page: '2', per_page: '1' });
    expect(page.records.map((r) => r.record_type)).toEqual(['adjust']);
    expect(page.pagination).toMatchObject({ total_entries: 2, current_page: 2, last_page: true });
    expect((await listUnitRecords(ctx, s.part, unit.id, {})).pagination).toBeNull();
  });

  it('refuses to delete a part holding stock, naming the units; with every unit empty, the units and records go too', async () => {
    const { ctx, s, create } = await setUp();
    const [a, b] = [await create('1'), await create('0')];
    await expect(deletePart(ctx, { id: s.part })).rejects.toMatchObject({
      code: 'unprocessable',
      messages: [`Cannot delete a part that holds stock: inventory units ${a.id}`],
    });
    expect(ctx.store.locked).toContainEqual({ table: 'inventory_unit', where: { part_id: s.part } });
    await adjustBody(ctx, s.part, a.id, { quantity: '0' });
    await deletePart(ctx, { id: s.part });
    expect(await inventoryRows(ctx)).toEqual({ units: [], records: [] });
    expect(b.id).toBeGreaterThan(a.id);
  });

  it('release disposes the listed units with a record, keeps the rest, and refuses another part\'s unit', async () => {
    const { ctx, s, create } = await setUp();
    const [kept, disposed, unlisted] = [await create('2'), await create('3'), await create('4')];
    const revision = (await ctx.store.rows('part_revision')).find((r) => r.part_id === s.part)!.id;
    const strangerUnit = (await createInventoryUnit(ctx, parseCreateUnit({ partId: s.other }, unitBody(s, '1')))).unit.id;
    const list = (extra: object[] = []) => ({
      inventory_units: [{ id: String(kept.id), action: 'keep' }, { id: String(disposed.id), action: 'dispose', disposition_comment: 'obsolete' }, ...extra],
    });
    const before = await inventoryRows(ctx);
    await expect(releaseRevision(ctx, s.part, revision, parseRelease(list([{ id: String(strangerUnit), action: 'keep' }])))).rejects.toMatchObject({
      code: 'invalid',
      messages: [`Inventory unit ${strangerUnit} is not a unit of this part`],
    });
    expect(await inventoryRows(ctx)).toEqual(before);
    await releaseRevision(ctx, s.part, revision, parseRelease(list()));
    const units = await ctx.store.rows('inventory_unit');
    expect([kept, disposed, unlisted].map((u) => units.find((row) => row.id === u.id)!.quantity)).toEqual(['2.0', '0.0', '4.0']);
    expect((await ctx.store.rows('inventory_record')).at(-1)).toMatchObject({
      inventory_unit_id: disposed.id,
      record_type: 'dispose',
      quantity_before: '3.0',
      quantity_after: '0.0',
      comment: 'obsolete',
    });
  });
});
