import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, unique, xmlBody } from './client';
import { expectEmpty, expectMessage, expectNestedArray, expectNotFound, expectRecord, idOf, UNKNOWN_ID, type Rec } from './expect-xml';
import { create, createUnit, createVendor } from './fixtures';
import { createPart, partSetting } from './part-fixtures';
import { partForms } from './part-forms';
import type { Target } from './targets';
import { targets } from './suite';

// GET <P>/parts/:part_id/revisions/:id/bom: an extension beyond the interface (docs/decisions.md, "Exploded bills").

const BOM_FIELDS = ['part_id', 'part_revision_id', 'partnumber', 'revision_name', 'levels', 'lines', 'cost'];
const LINE_FIELDS = [
  'id', 'depth', 'path', 'subpart_id', 'partnumber', 'subpart_part_revision_id', 'quantity', 'extended_quantity',
  'no_load', 'designator', 'assembly', 'unit_cost', 'unit_cost_source', 'quote_id', 'extended_cost',
];
const COST_FIELDS = ['total', 'currency', 'leaves_without_price'];

const revisionOf = (part: Rec) => (part.revision as Rec).id as string;
const bomPath = (part: Rec, revision = revisionOf(part)) => `/parts/${idOf(part)}/revisions/${revision}/bom`;

/** The exploded bill of `part`'s first revision: its fields, its lines and its roll-up, each checked for shape. */
async function explode(target: Target, part: Rec, query?: string, token?: string): Promise<{ bom: Rec; lines: Rec[]; cost: Rec }> {
  const reply = await get(target, bomPath(part), { ...(query === undefined ? {} : { query }), ...(token === undefined ? {} : { token }) });
  const bom = expectRecord(reply, 'bom', BOM_FIELDS);
  const lines = expectNestedArray(reply, 'lines', 'line', LINE_FIELDS);
  const cost = bom.cost as Rec;
  expect(Object.keys(cost)).toEqual(COST_FIELDS);
  return { bom, lines, cost };
}

/** Adds `child` (its active revision) to `assembly`'s draft bill; returns the line's id. */
async function addLine(target: Target, assembly: Rec, child: Rec, quantity: string, fields: Record<string, string> = {}): Promise<string> {
  const body = xmlBody('subpart', { part_id: idOf(assembly), partnumber: child.partnumber as string, quantity, ...fields });
  return expectRecord(await post(target, '/subpart', { body }), 'subpart', partForms.subpartResponse).id as string;
}

describe.each(targets())('exploded bill of materials on $name', (target) => {
  /**
   * TOP lists SUB twice (A1 ×2, A2 ×1), OPT (no_load: an assembly of RES ×5) and CONN ×4 (quoted
   * 0.75). SUB lists BRD ×1 and RES ×10 (inventory price 0.01). BRD lists CAP ×3 (quoted 20 a
   * reel of 1000), IC ×1 (inventory price 2.5) and BARE ×1 (no price).
   */
  const built = {} as Record<'top' | 'sub' | 'opt' | 'conn' | 'brd' | 'res' | 'cap' | 'ic' | 'bare', Rec> & {
    lines: Record<string, string>;
    capQuote: string;
    connQuote: string;
  };

  beforeAll(async () => {
    const setting = await partSetting(target);
    const part = async (name: string, fields: Record<string, string> = {}) =>
      createPart(target, setting, { partnumber: unique(`BOM-${name}`), ...fields });
    Object.assign(built, {
      top: await part('TOP'),
      sub: await part('SUB'),
      opt: await part('OPT'),
      conn: await part('CONN'),
      brd: await part('BRD'),
      res: await part('RES', { inventory_price: '0.0100' }),
      cap: await part('CAP'),
      ic: await part('IC', { inventory_price: '2.5' }),
      bare: await part('BARE'),
    });
    const { top, sub, opt, conn, brd, res, cap, ic, bare } = built;
    built.lines = {
      a1: await addLine(target, top, sub, '2', { designator: 'A1' }),
      a2: await addLine(target, top, sub, '1', { designator: 'A2' }),
      opt: await addLine(target, top, opt, '1', { no_load: 'true' }),
      conn: await addLine(target, top, conn, '4', { designator: 'J1-J4' }),
      brd: await addLine(target, sub, brd, '1'),
      subRes: await addLine(target, sub, res, '10'),
      cap: await addLine(target, brd, cap, '3'),
      ic: await addLine(target, brd, ic, '1', { designator: 'U1' }),
      bare: await addLine(target, brd, bare, '1'),
      optRes: await addLine(target, opt, res, '5'),
    };
    const vendor = idOf(await createVendor(target));
    const reel = idOf(await createUnit(target));
    // One reel is 1000 of the parts' unit.
    await create(target, 'unit_conversion', { from_unit_id: reel, to_unit_id: setting.unitId, factor: '1000' });
    const quote = async (part: Rec, fields: Record<string, string | number>) =>
      expectEmpty(await post(target, '/quote', { body: xmlBody('quote', { part_id: idOf(part), vendor_id: vendor, ...fields }) }));
    await quote(cap, { price: '0.05' });
    await quote(cap, { price: '20', unit_id: reel });
    await quote(cap, { price: '0.001', currency_id: 'EUR' });
    await quote(conn, { price: '0.75', valid_for: 30 });
    await quote(conn, { price: '0.01', currency_id: 'GBP' });
    const quotes = async (part: Rec) => expectNestedArray(await get(target, `/part/${idOf(part)}`), 'quotes', 'quote', partForms.quote);
    built.capQuote = (await quotes(cap)).find((q) => q.price === '20.0')?.id as string;
    built.connQuote = (await quotes(conn)).find((q) => q.price === '0.75')?.id as string;
  });

  it('lists every line depth first with its path, quantities and costs, and rolls up the loaded leaves', async () => {
    const { top, sub, opt, conn, brd, res, cap, ic, bare, lines: ids } = built;
    const { bom, lines, cost } = await explode(target, top);
    expect(bom).toMatchObject({
      part_id: String(idOf(top)),
      part_revision_id: revisionOf(top),
      partnumber: top.partnumber,
      revision_name: 'A',
      levels: 'all',
    });
    const pn = (...parts: Rec[]) => parts.map((p) => p.partnumber).join('/');
    const row = (id: string, depth: number, part: Rec, path: string, quantity: string, extended: string, noLoad: boolean, assembly: boolean, unitCost: string | null, source: string | null, quote: string | null, extendedCost: string | null, designator: string | null = null) => ({
      id, depth: String(depth), path, subpart_id: String(idOf(part)), partnumber: part.partnumber, subpart_part_revision_id: revisionOf(part),
      quantity, extended_quantity: extended, no_load: String(noLoad), designator, assembly: String(assembly),
      unit_cost: unitCost, unit_cost_source: source, quote_id: quote, extended_cost: extendedCost,
    });
    const underSub = (times: string, costs: [string, string, string]) => [
      row(ids.brd!, 2, brd, pn(sub, brd), '1.0', times, false, true, null, null, null, null),
      row(ids.cap!, 3, cap, pn(sub, brd, cap), '3.0', `${Number(times) * 3}.0`, false, false, '0.02', 'quote', built.capQuote, costs[0]),
      row(ids.ic!, 3, ic, pn(sub, brd, ic), '1.0', times, false, false, '2.5', 'inventory_price', null, costs[1], 'U1'),
      row(ids.bare!, 3, bare, pn(sub, brd, bare), '1.0', times, false, false, null, null, null, null),
      row(ids.subRes!, 2, res, pn(sub, res), '10.0', `${Number(times) * 10}.0`, false, false, '0.01', 'inventory_price', null, costs[2]),
    ];
    expect(lines).toEqual([
      row(ids.a1!, 1, sub, pn(sub), '2.0', '2.0', false, true, null, null, null, null, 'A1'),
      ...underSub('2.0', ['0.12', '5.0', '0.2']),
      row(ids.a2!, 1, sub, pn(sub), '1.0', '1.0', false, true, null, null, null, null, 'A2'),
      ...underSub('1.0', ['0.06', '2.5', '0.1']),
      row(ids.opt!, 1, opt, pn(opt), '1.0', '1.0', true, true, null, null, null, null),
      row(ids.optRes!, 2, res, pn(opt, res), '5.0', '5.0', true, false, '0.01', 'inventory_price', null, null),
      row(ids.conn!, 1, conn, pn(conn), '4.0', '4.0', false, false, '0.75', 'quote', built.connQuote, '3.0', 'J1-J4'),
    ]);
    // 0.12 + 5.0 + 0.2 + 0.06 + 2.5 + 0.1 + 3.0; BARE twice has no price; OPT's subtree is not loaded.
    expect(cost).toEqual({ total: '10.98', currency: 'USD', leaves_without_price: '2' });
  });

  it('lists the first levels only with levels=N, with the whole bill\'s roll-up', async () => {
    const { top, sub, opt, conn, lines: ids } = built;
    const all = await explode(target, top);
    const one = await explode(target, top, 'levels=1');
    expect(one.bom.levels).toBe('1');
    expect(one.lines.map((line) => [line.id, line.depth, line.path])).toEqual([
      [ids.a1, '1', sub.partnumber],
      [ids.a2, '1', sub.partnumber],
      [ids.opt, '1', opt.partnumber],
      [ids.conn, '1', conn.partnumber],
    ]);
    expect(one.cost).toEqual(all.cost);
    const two = await explode(target, top, 'levels=2');
    expect(two.lines.map((line) => line.depth)).toEqual(['1', '2', '2', '1', '2', '2', '1', '2', '1']);
    expect((await explode(target, top, 'levels=all')).lines).toEqual(all.lines);
    expect((await explode(target, top, 'levels=50')).lines).toEqual(all.lines);
  });

  it('explodes a sub-assembly\'s own revision, and a part with no bill as no lines and a zero total', async () => {
    const sub = await explode(target, built.sub);
    expect(sub.lines.map((line) => [line.depth, line.extended_quantity])).toEqual([['1', '1.0'], ['2', '3.0'], ['2', '1.0'], ['2', '1.0'], ['1', '10.0']]);
    expect(sub.cost).toEqual({ total: '2.66', currency: 'USD', leaves_without_price: '1' });
    const leaf = await explode(target, built.bare);
    expect(leaf.lines).toEqual([]);
    expect(leaf.cost).toEqual({ total: '0.0', currency: 'USD', leaves_without_price: '0' });
  });

  it('needs only a valid token', async () => {
    const { cost } = await explode(target, built.top, undefined, target.tokens.none);
    expect(cost.total).toBe('10.98');
  });

  it('refuses a levels that is neither all nor a whole number from 1 to 50 (400)', async () => {
    for (const levels of ['0', '51', '-1', '1.5', 'deep']) {
      expectMessage(
        await get(target, bomPath(built.top), { query: `levels=${levels}` }),
        400,
        'Invalid value for parameter levels: all or a whole number from 1 to 50',
      );
    }
  });

  it('answers 404 for an unknown part, an unknown revision, or another part\'s revision', async () => {
    const { top, sub } = built;
    expectNotFound(await get(target, `/parts/${UNKNOWN_ID}/revisions/${revisionOf(top)}/bom`), 'Part', UNKNOWN_ID);
    expectNotFound(await get(target, bomPath(top, String(UNKNOWN_ID))), 'PartRevision', UNKNOWN_ID);
    expectNotFound(await get(target, bomPath(top, revisionOf(sub))), 'PartRevision', revisionOf(sub));
    expectNotFound(await get(target, bomPath(top, 'first')), 'PartRevision', 'first');
  });
});
