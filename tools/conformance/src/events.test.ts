import { describe, expect, it } from 'vitest';
import { del, get, post, put, unique, xmlBody } from './client';
import { about, eventsOf, follow, head } from './event-feed';
import { expectMessage, expectStatus, idOf, type Rec } from './expect-xml';
import { create } from './fixtures';
import { addUnit, stockSetting, unitPath, unitXml, type Stock } from './inventory-fixtures';
import { createPart } from './part-fixtures';
import { importOk, itemXml, orderXml, purchasingSetting } from './purchase-order-fixtures';
import { targets } from './suite';

describe.each(targets())('events on $name', (target) => {
  it('numbers every change gap-free in order, each with its type, path, token and the fields it wrote', async () => {
    const stock: Stock = await stockSetting(target);
    const start = await head(target);
    const part = await stock.addPart();
    const partPath = `part/${idOf(part)}`;
    const unit = idOf(await addUnitTo(stock, idOf(part), { quantity: '10' }));
    expectStatus(await put(target, unitPath(idOf(part), unit, 'adjust_quantity'), { body: unitXml({ quantity: '12' }) }), 200);
    expectStatus(await put(target, unitPath(idOf(part), unit, 'adjust_quantity'), { body: unitXml({ quantity: '11' }, { adjustment_type: 'consume', comment: 'build 7' }) }), 200);
    expectStatus(await put(target, unitPath(idOf(part), unit, 'move'), { body: unitXml({ inventory_sublocation_id: stock.shelves[1].id }) }), 200);
    expectStatus(await put(target, unitPath(idOf(part), unit), { body: unitXml({ lot_code: 'LOT-9' }) }), 200);
    const split = await post(target, unitPath(idOf(part), unit, 'split'), { body: unitXml({ inventory_sublocation_id: stock.shelves[0].id, quantity: '4' }) });
    expectStatus(split, 200);
    const made = idOf((split.xml!.inventory_units as Rec[])[1]!);
    expectStatus(await put(target, `/part/${idOf(part)}`, { body: xmlBody('part', { manufacturer_pn: 'MPN-EV-2' }) }), 200);

    const all = await follow(target, start, { limit: 7 });
    // Gap-free and in order, whoever else wrote meanwhile; a page of 7 resumes where the last ended.
    expect(all.map((event) => event.sequence)).toEqual(all.map((_, i) => start + 1 + i));
    const mine = about(all, partPath);
    const unitAt = `${partPath}/inventory/${unit}`;
    expect(mine.map((event) => [event.type, event.path])).toEqual([
      ['part.created', partPath],
      ['inventory_unit.created', unitAt],
      ['inventory_unit.adjusted', unitAt],
      ['inventory_unit.consumed', unitAt],
      ['inventory_unit.moved', unitAt],
      ['inventory_unit.updated', unitAt],
      ['inventory_unit.split', unitAt],
      ['inventory_unit.created', `${partPath}/inventory/${made}`],
      ['part.updated', partPath],
    ]);
    expect(new Set(mine.map((event) => event.token)).size).toBe(1);
    expect(mine[0]!.payload).toMatchObject({ partnumber: part.partnumber });
    expect(mine[1]!.payload).toMatchObject({ quantity: '10.0', inventory_sublocation_id: String(stock.shelves[0].id) });
    expect(mine[2]!.payload).toMatchObject({ quantity: '12.0', quantity_before: '10.0' });
    expect(mine[3]!.payload).toMatchObject({ quantity: '11.0', quantity_before: '12.0', comment: 'build 7' });
    expect(mine[4]!.payload).toMatchObject({ inventory_sublocation_id: String(stock.shelves[1].id), from_sublocation_id: String(stock.shelves[0].id) });
    expect(mine[5]!.payload).toMatchObject({ lot_code: 'LOT-9' });
    expect(mine[6]!.payload).toMatchObject({ quantity: '7.0', quantity_before: '11.0' });
    expect(mine[7]!.payload).toMatchObject({ quantity: '4.0', split_from: String(unit) });
    expect(mine[8]!.payload).toMatchObject({ manufacturer_pn: 'MPN-EV-2' });
    // No secret of the token travels with an event (the harness's token is its own name, which events do show).
    if (mine[0]!.token !== target.tokens.all) for (const event of mine) expect(JSON.stringify(event)).not.toContain(target.tokens.all);
  });

  it('writes nothing for a refused change, and a part deleted says so', async () => {
    const stock = await stockSetting(target);
    const unit = idOf(await addUnit(stock, { quantity: '5' }));
    const start = await head(target);
    const partPath = `part/${stock.partId}`;
    expectStatus(await put(target, unitPath(stock.partId, unit, 'adjust_quantity'), { body: unitXml({ quantity: '6' }, { adjustment_type: 'consume' }) }), 422);
    expectStatus(await post(target, unitPath(stock.partId, unit, 'split'), { body: unitXml({ inventory_sublocation_id: stock.shelves[1].id, quantity: '50' }) }), 422);
    expectStatus(await put(target, `/part/${stock.partId}`, { body: xmlBody('part', { parttype_id: 999999999 }) }), 400);
    expectStatus(await put(target, unitPath(stock.partId, unit, 'adjust_quantity'), { body: unitXml({ quantity: '1' }), token: target.tokens.readOnly }), 403);
    expectStatus(await del(target, `/part/${stock.partId}`), 422);
    // Read back: nothing about the part was written.
    expect(about(await follow(target, start), partPath)).toEqual([]);

    const other = await createPart(target, stock.setting, { partnumber: unique('EV-DEL') });
    expectStatus(await del(target, `/part/${idOf(other)}`), 200);
    expect(about(await follow(target, start), `part/${idOf(other)}`).map((event) => [event.type, event.payload.partnumber])).toEqual([
      ['part.created', other.partnumber],
      ['part.deleted', other.partnumber],
    ]);
  });

  it('shows stock events only to a token that may view inventory, and filters by type or family', async () => {
    const stock = await stockSetting(target);
    const start = await head(target);
    const part = await stock.addPart();
    const unit = idOf(await addUnitTo(stock, idOf(part), { quantity: '3' }));
    expectStatus(await put(target, unitPath(idOf(part), unit, 'adjust_quantity'), { body: unitXml({ quantity: '2' }) }), 200);
    const partPath = `part/${idOf(part)}`;
    const typesFor = async (token: string, type?: string) => about(await follow(target, start, { token, type }), partPath).map((event) => event.type);
    expect(await typesFor(target.tokens.manageData)).toEqual(['part.created']);
    expect(await typesFor(target.tokens.none)).toEqual(['part.created']);
    expect(await typesFor(target.tokens.viewInventory)).toEqual(['part.created', 'inventory_unit.created', 'inventory_unit.adjusted']);
    expect(await typesFor(target.tokens.readOnly)).toEqual(['part.created', 'inventory_unit.created', 'inventory_unit.adjusted']);
    expect(await typesFor(target.tokens.all, 'inventory_unit')).toEqual(['inventory_unit.created', 'inventory_unit.adjusted']);
    expect(await typesFor(target.tokens.all, 'inventory_unit.adjusted')).toEqual(['inventory_unit.adjusted']);
    expect(await typesFor(target.tokens.all, 'part')).toEqual(['part.created']);
  });

  it('records reference records, bill lines and revisions as they change', async () => {
    const stock = await stockSetting(target);
    const start = await head(target);
    // A reference record: created, updated, deleted.
    const maker = idOf(await create(target, 'manufacturer', { name: unique('EV-MFR') }));
    expectStatus(await put(target, `/manufacturer/${maker}`, { body: xmlBody('manufacturer', { name: unique('EV-MFR2') }) }), 200);
    expectStatus(await del(target, `/manufacturer/${maker}`), 200);
    // A bill line: added, changed, removed.
    const assembly = await stock.addPart();
    const child = await stock.addPart();
    const revision = (assembly.revision as Rec).id as string;
    const added = await post(target, '/subpart', { body: xmlBody('subpart', { part_id: idOf(assembly), partnumber: child.partnumber as string, quantity: '2' }) });
    expectStatus(added, 200);
    const line = idOf(added.xml!.subpart as Rec);
    expectStatus(await put(target, `/subpart/${line}`, { body: xmlBody('subpart', { quantity: '3' }) }), 200);
    expectStatus(await del(target, `/subpart/${line}`), 200);
    // A revision: released, then a new draft made from it.
    const childRevision = (child.revision as Rec).id as string;
    expectStatus(await post(target, `/parts/${idOf(child)}/revisions/${childRevision}/release`), 200);
    const draft = await post(target, `/parts/${idOf(child)}/revisions`, { query: `id=${childRevision}` });
    expectStatus(draft, 200);
    const draftId = idOf(draft.xml!.part_revision as Rec);

    const all = await follow(target, start);
    expect(about(all, `manufacturer/${maker}`).map((event) => event.type)).toEqual(['manufacturer.created', 'manufacturer.updated', 'manufacturer.deleted']);
    const lines = `part/${idOf(assembly)}/revision/${revision}/subpart`;
    expect(about(all, lines).map((event) => [event.type, event.path])).toEqual([
      ['subpart.added', `${lines}/${line}`],
      ['subpart.changed', `${lines}/${line}`],
      ['subpart.removed', `${lines}/${line}`],
    ]);
    expect(about(all, lines)[0]!.payload).toMatchObject({ quantity: '2.0', subpart_id: String(idOf(child)) });
    expect(about(all, lines)[1]!.payload).toMatchObject({ quantity: '3.0' });
    const revisions = `part/${idOf(child)}/revision`;
    expect(about(all, revisions).map((event) => [event.type, event.path])).toEqual([
      ['revision.released', `${revisions}/${childRevision}`],
      ['revision.created', `${revisions}/${draftId}`],
    ]);
    expect(about(all, revisions)[0]!.payload).toMatchObject({ status: 'Active' });
  });

  it('records a purchase order import with the units it received', async () => {
    const p = await purchasingSetting(target);
    const start = await head(target);
    const number = unique('EV-PO');
    await importOk(target, [
      orderXml(p, { number, created_on: `${p.day(1)} 09:00:00 +0000` }, [
        itemXml({ part_id: p.partId, quantity: '5', price: '1.5', received_quantity: '5', inventory_sublocation_id: p.dock }),
        itemXml({ part_id: p.partId, quantity: '7', price: '1.5' }),
      ]),
    ]);
    const all = await follow(target, start);
    const order = all.find((event) => event.type === 'purchase_order.imported' && event.payload.number === number);
    expect(order?.payload).toMatchObject({ item_count: '2', received_unit_count: '1' });
    expect(order!.path).toMatch(/^purchase_order\/\d+$/);
    const units = about(all, `part/${p.partId}/inventory`);
    expect(units.map((event) => [event.type, event.payload.quantity, event.payload.received_on])).toEqual([['inventory_unit.created', '5.0', number]]);
    expect(units[0]!.sequence).toBeGreaterThan(order!.sequence);
  });

  it('records the tokens issued, with no secret, for a caller who may manage data only', async () => {
    const issued = await follow(target, 0, { type: 'token.issued' });
    // The target's own tokens were issued before any test ran: one event each, by the command line,
    // and the bootstrap token's by the server that made sure of it at its start.
    expect(issued.length).toBeGreaterThanOrEqual(6);
    for (const event of issued) {
      expect(event).toMatchObject({ token: expect.stringMatching(/^(cli|server)$/), path: expect.stringMatching(/^token\/\d+$/) });
      expect(Object.keys(event.payload).sort()).toEqual(['created_at', 'name', 'permissions', 'read_only', 'revoked_at']);
    }
    const bootstrap = issued.filter((event) => event.token === 'server');
    // The harness's own token is named as it is spelt; a server's is stored as `bootstrap`, and its secret is in no event.
    expect(bootstrap.map((event) => event.payload.name)).toEqual([target.cliEnv ? 'bootstrap' : target.tokens.all]);
    expect(bootstrap[0]!.payload).toMatchObject({ permissions: 'create_draft_revisions edit_released_revisions manage_data view_inventory', read_only: 'false' });
    if (target.cliEnv) expect(JSON.stringify(await follow(target, 0))).not.toContain(target.tokens.all);
    expect(await follow(target, 0, { type: 'token', token: target.tokens.viewInventory })).toEqual([]);
  });

  it('refuses a bad after, limit or wait with a 400 naming it', async () => {
    for (const [query, name] of [
      ['after=-1', 'after'],
      ['after=x', 'after'],
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['wait=31', 'wait'],
      ['wait=1.5', 'wait'],
    ] as const) {
      expectMessage(await get(target, '/events', { query }), 400, new RegExp(`parameter ${name}:`));
    }
  });

  it('answers a long poll as soon as an event arrives, and an empty page when none does', async () => {
    const stock = await stockSetting(target);
    const start = await head(target);
    const waited = Date.now();
    // Nothing comes for a second: an empty list, after the wait.
    const quiet = await get(target, '/events', { query: `after=${start + 1_000_000}&wait=1` });
    expect(eventsOf(quiet)).toEqual([]);
    expect(Date.now() - waited).toBeGreaterThanOrEqual(900);
    const from = await head(target);
    const polling = get(target, '/events', { query: `after=${from}&wait=30&type=part.created` });
    const part = await createPart(target, stock.setting, { partnumber: unique('EV-POLL') });
    // Answered with what arrived (this part's, or another file's created meanwhile), all after `from`.
    const answered = eventsOf(await polling);
    expect(answered.length).toBeGreaterThan(0);
    for (const event of answered) expect(event.sequence).toBeGreaterThan(from);
    expect(about(await follow(target, from, { type: 'part.created' }), `part/${idOf(part)}`)).toHaveLength(1);
    expectStatus(await del(target, `/part/${idOf(part)}`), 200);
  });
});

/** A unit of another part of the stock's setting, on the first shelf. */
async function addUnitTo(stock: Stock, partId: number, fields: Record<string, string>): Promise<Rec> {
  return addUnit(stock, fields, { partId });
}
