import { describe, expect, it } from 'vitest';
import { createPart } from '../../views/part-writes';
import { parseCreatePart } from '../../parts/create-part/create-part-input';
import type { PartView } from '../../views/part-view';
import { addQuote } from '../../parts/quotes/add-quote';
import { parseQuote } from '../../parts/quotes/quote-input';
import { partBody, partSetting } from '../../scenarios/part-setting.test-helper';
import { createRecord } from '../../reference/engine/create-record';
import { parseRecord } from '../../reference/engine/record-input';
import { unitResource } from '../../reference/unit';
import { unitConversionResource } from '../../reference/unit-conversion';
import { vendorResource } from '../../reference/vendor';
import { fakeContext, type FakeContext } from '../../test';
import { addSubpart } from '../subparts/change-subparts';
import { parseSubpart } from '../subparts/subpart-input';
import { parseLevels } from './bom-levels';
import { explodeBom, refuseOverflow } from './explode-bom';

const now = new Date('2026-03-01T00:00:00Z');

/**
 * TOP lists SUB twice (2 and 3) and a no_load LED; SUB lists RES (priced 0.01) four times and
 * CAP, quoted per reel of 1000 and per each; BARE has no price at all.
 */
async function setUp(site = { currency: 'USD' }) {
  const ctx = fakeContext({ now, site });
  const setting = await partSetting(ctx);
  const make = (partnumber: string, fields: Record<string, unknown> = {}) => createPart(ctx, parseCreatePart(partBody(setting, { partnumber, ...fields })));
  const [top, sub, res, cap, led, bare] = [
    await make('TOP'),
    await make('SUB'),
    await make('RES', { inventory_price: '0.01' }),
    await make('CAP'),
    await make('LED', { inventory_price: '0.5' }),
    await make('BARE'),
  ];
  const add = (assembly: PartView, child: PartView, quantity: string, extra: Record<string, string> = {}) =>
    addSubpart(ctx, parseSubpart({ part_id: String(assembly.part.id), partnumber: child.part.partnumber, quantity, ...extra }));
  await add(top, sub, '2', { designator: 'A1' });
  await add(top, sub, '3', { designator: 'A2' });
  await add(top, led, '1', { no_load: 'true' });
  await add(sub, res, '4');
  await add(sub, cap, '1');
  await add(sub, bare, '1');
  const reel = (await createRecord(ctx, unitResource, parseRecord(unitResource, { name: 'Reel' }))).row.id;
  await createRecord(ctx, unitConversionResource, parseRecord(unitConversionResource, { from_unit_id: String(reel), to_unit_id: setting.unit_id, factor: '1000' }));
  const vendor = String((await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Digi' }))).row.id);
  const quote = (part: PartView, price: string, extra: Record<string, string> = {}) =>
    addQuote(ctx, parseQuote({ part_id: String(part.part.id), vendor_id: vendor, price, ...extra }));
  await quote(cap, '0.05');
  await quote(cap, '30', { unit_id: String(reel) }); // 0.03 each
  await quote(cap, '0.001', { currency_id: 'EUR' });
  return { ctx, top, sub, res, cap, led, bare, quote };
}

const explode = (ctx: FakeContext, part: PartView, query: Record<string, unknown> = {}) =>
  explodeBom(ctx, part.part.id, part.revision.revision.id, parseLevels(query.levels));

describe('explodeBom', () => {
  it('explodes a revision\'s bill to every level and rolls up its cost, in one read', async () => {
    const { ctx, top, cap } = await setUp();
    const [reads, transactions] = [ctx.store.reads, ctx.store.transactions];
    const bom = await explode(ctx, top);
    expect([ctx.store.reads - reads, ctx.store.transactions - transactions]).toEqual([1, 0]);
    expect(bom.part).toEqual({ id: top.part.id, partnumber: 'TOP' });
    expect(bom.revision).toEqual({ id: top.revision.revision.id, revision_name: 'A' });
    expect(bom.levels).toBe('all');
    expect(bom.lines.map((l) => [l.depth, l.path.join('/'), l.quantity, l.extended_quantity, l.no_load, l.assembly, l.unit_cost?.cost ?? null, l.extended_cost])).toEqual([
      [1, 'SUB', '2.0', '2.0', false, true, null, null],
      [2, 'SUB/RES', '4.0', '8.0', false, false, '0.01', '0.08'],
      [2, 'SUB/CAP', '1.0', '2.0', false, false, '0.03', '0.06'],
      [2, 'SUB/BARE', '1.0', '2.0', false, false, null, null],
      [1, 'SUB', '3.0', '3.0', false, true, null, null],
      [2, 'SUB/RES', '4.0', '12.0', false, false, '0.01', '0.12'],
      [2, 'SUB/CAP', '1.0', '3.0', false, false, '0.03', '0.09'],
      [2, 'SUB/BARE', '1.0', '3.0', false, false, null, null],
      [1, 'LED', '1.0', '1.0', true, false, '0.5', null],
    ]);
    const capQuotes = (await ctx.store.rows('quote')).filter((q) => q.part_id === cap.part.id);
    expect(bom.lines[2]?.unit_cost).toEqual({ cost: '0.03', source: 'quote', quoteId: capQuotes[1]!.id });
    expect(bom.cost).toEqual({ total: '0.35', currency: 'USD', leavesWithoutPrice: 2 });
  });

  it('lists the first levels only when asked, with the same roll-up', async () => {
    const { ctx, top } = await setUp();
    const all = await explode(ctx, top);
    const one = await explode(ctx, top, { levels: '1' });
    expect(one.levels).toBe(1);
    expect(one.lines.map((l) => l.path.join('/'))).toEqual(['SUB', 'SUB', 'LED']);
    expect(one.cost).toEqual(all.cost);
    expect((await explode(ctx, top, { levels: 'all' })).lines).toEqual(all.lines);
  });

  it('prices in the site currency only, and leaves out quotes that expired', async () => {
    const { ctx, top, bare, quote } = await setUp({ currency: 'EUR' });
    await quote(bare, '0.2', { currency_id: 'EUR', valid_for: '1' }); // expires a day after the clock's now
    const bom = await explode(ctx, top);
    // CAP's EUR quote counts now, and the USD ones do not; RES's inventory price is taken as the site's.
    expect(bom.lines.filter((l) => l.depth === 2).map((l) => [l.partnumber, l.unit_cost?.cost ?? null])).toEqual([
      ['RES', '0.01'], ['CAP', '0.001'], ['BARE', '0.2'], ['RES', '0.01'], ['CAP', '0.001'], ['BARE', '0.2'],
    ]);
    expect(bom.cost).toEqual({ total: '1.205', currency: 'EUR', leavesWithoutPrice: 0 });
    const later = fakeContext({ store: ctx.store, site: ctx.site, now: new Date(now.getTime() + 86_400_000) });
    expect((await explode(later, top)).cost).toEqual({ total: '0.205', currency: 'EUR', leavesWithoutPrice: 2 });
  });

  it('answers an empty bill with no lines and a zero total', async () => {
    const { ctx, bare } = await setUp();
    expect(await explode(ctx, bare)).toMatchObject({ lines: [], cost: { total: '0.0', currency: 'USD', leavesWithoutPrice: 0 } });
  });

  it('answers 404 for an unknown part, an unknown revision, or another part\'s revision', async () => {
    const { ctx, top, sub } = await setUp();
    await expect(explodeBom(ctx, 999_999, top.revision.revision.id)).rejects.toMatchObject({
      code: 'not_found',
      messages: ["Couldn't find Part with 'id'=999999"],
    });
    await expect(explodeBom(ctx, top.part.id, 999_999)).rejects.toMatchObject({
      code: 'not_found',
      messages: ["Couldn't find PartRevision with 'id'=999999"],
    });
    await expect(explodeBom(ctx, top.part.id, sub.revision.revision.id)).rejects.toMatchObject({
      code: 'not_found',
      messages: [`Couldn't find PartRevision with 'id'=${sub.revision.revision.id}`],
    });
  });
});

describe('refuseOverflow', () => {
  const items = (...depths: number[]) => depths.map((depth, i) => ({ row: i, path: Array.from({ length: depth }, (_, j) => j) }));

  it('lets a bill within both bounds through', () => {
    expect(() => refuseOverflow(items(1, 2, 3), 3, 3)).not.toThrow();
  });

  it('refuses (422) a bill with more lines than one answer holds, or nested deeper than a walk goes', () => {
    expect(() => refuseOverflow(items(1, 1, 1, 1), 3, 3)).toThrow(
      expect.objectContaining({ code: 'unprocessable', messages: ['The bill of materials has more than 3 lines to explode'] }),
    );
    expect(() => refuseOverflow(items(1, 2, 3, 4), 3, 10)).toThrow(
      expect.objectContaining({ code: 'unprocessable', messages: ['The bill of materials is nested deeper than 3 levels'] }),
    );
  });
});
