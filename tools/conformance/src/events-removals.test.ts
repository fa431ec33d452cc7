import { describe, expect, it } from 'vitest';
import { del, get, post, xmlBody } from './client';
import { attach, detach } from './attachment-fixtures';
import { about, follow, head, type FeedEvent } from './event-feed';
import { expectEmpty, expectNestedArray, expectStatus, idOf, type Rec } from './expect-xml';
import { create, createLocation, createManufacturer, createUnit, createVendor, link, remove, sublocationsXml } from './fixtures';
import { addUnit, adjust, expectUnit, stockSetting } from './inventory-fixtures';
import { createPart, partSetting } from './part-fixtures';
import { partForms } from './part-forms';
import { runPips } from './pips-cli';
import { targets } from './suite';

// What a removal writes to the feed: its event at the record's own path, saying what it held, and
// nothing for a removal of nothing (404). Records removed with another each get their own.

describe.each(targets())('events of removals on $name', (target) => {
  it('records a quote and a vendor part number added and removed, each at its id, and nothing for a 404', async () => {
    const part = idOf(await createPart(target, await partSetting(target)));
    const vendor = idOf(await createVendor(target));
    const start = await head(target);
    expectEmpty(await post(target, '/quote', { body: xmlBody('quote', { part_id: part, vendor_id: vendor, price: '2.5' }) }));
    expectEmpty(await post(target, '/vendor_partnumber', { body: xmlBody('vendor_partnumber', { part_id: part, vendor_id: vendor, part_number: 'EV-VPN' }) }));
    const shown = await get(target, `/part/${part}`);
    const quote = Number(expectNestedArray(shown, 'quotes', 'quote', partForms.quote)[0]!.id);
    const number = Number(expectNestedArray(shown, 'vendor_part_numbers', 'vendor_part_number', partForms.vendorPartNumber)[0]!.id);
    expectEmpty(await del(target, `/quote/${quote}`));
    expectEmpty(await del(target, `/vendor_partnumber/${number}`));
    expectStatus(await del(target, `/quote/${quote}`), 404);
    expectStatus(await del(target, `/vendor_partnumber/${number}`), 404);

    const events = about(await follow(target, start), `part/${part}`);
    expect(events.map((event) => [event.type, event.path])).toEqual([
      ['quote.added', `part/${part}/quote/${quote}`],
      ['vendor_part_number.added', `part/${part}/vendor_part_number/${number}`],
      ['quote.removed', `part/${part}/quote/${quote}`],
      ['vendor_part_number.removed', `part/${part}/vendor_part_number/${number}`],
    ]);
    expect(events[0]!.payload).toMatchObject({ vendor_id: String(vendor), price: '2.5' });
    expect(events[2]!.payload).toMatchObject({ vendor_id: String(vendor), price: '2.5' });
    expect(events[3]!.payload).toMatchObject({ vendor_id: String(vendor), part_number: 'EV-VPN' });
  });

  it('records a linecard linked and unlinked at its pair, and nothing for a pair not linked', async () => {
    const maker = idOf(await createManufacturer(target));
    const vendor = idOf(await createVendor(target));
    const start = await head(target);
    await link(target, maker, vendor);
    // Linked again: nothing changes, nothing is written.
    await link(target, maker, vendor);
    const pair = `manufacturer_id=${maker}&vendor_id=${vendor}`;
    expectEmpty(await del(target, '/linecard', { query: pair }));
    expectStatus(await del(target, '/linecard', { query: pair }), 404);

    const events = about(await follow(target, start), `manufacturer/${maker}`);
    const at = `manufacturer/${maker}/linecard/${vendor}`;
    expect(events.map((event) => [event.type, event.path])).toEqual([
      ['linecard.added', at],
      ['linecard.removed', at],
    ]);
    expect(events[1]!.payload).toMatchObject({ manufacturer_id: String(maker), vendor_id: String(vendor) });
  });

  it('records the links and conversions removed with a manufacturer, a vendor or a unit, each at its own path', async () => {
    const [maker, other] = [idOf(await createManufacturer(target)), idOf(await createManufacturer(target))];
    const [vendor, kept] = [idOf(await createVendor(target)), idOf(await createVendor(target))];
    await link(target, maker, vendor);
    await link(target, maker, kept);
    await link(target, other, vendor);
    const [reel, each] = [idOf(await createUnit(target)), idOf(await createUnit(target))];
    const conversion = idOf(await create(target, 'unit_conversion', { from_unit_id: reel, to_unit_id: each, factor: '1000' }));
    const start = await head(target);
    await remove(target, 'manufacturer', maker);
    await remove(target, 'vendor', vendor);
    await remove(target, 'unit', each);

    const all = await follow(target, start);
    const shown = (event: FeedEvent) => [event.type, event.path];
    expect(about(all, `manufacturer/${maker}`).map(shown)).toEqual([
      ['linecard.removed', `manufacturer/${maker}/linecard/${vendor}`],
      ['linecard.removed', `manufacturer/${maker}/linecard/${kept}`],
      ['manufacturer.deleted', `manufacturer/${maker}`],
    ]);
    expect(about(all, `manufacturer/${other}`).map(shown)).toEqual([['linecard.removed', `manufacturer/${other}/linecard/${vendor}`]]);
    expect(about(all, `vendor/${vendor}`).map(shown)).toEqual([['vendor.deleted', `vendor/${vendor}`]]);
    expect(about(all, `unit_conversion/${conversion}`).map(shown)).toEqual([['unit_conversion.deleted', `unit_conversion/${conversion}`]]);
    expect(all.findIndex((event) => event.path === `unit_conversion/${conversion}`)).toBe(all.findIndex((event) => event.path === `unit/${each}`) - 1);
  });

  it('records a file attached and detached, naming its owner, and nothing for a detach of nothing', async () => {
    const vendor = idOf(await createVendor(target));
    const start = await head(target);
    const id = await attach(target, { parent: `vendor/${vendor}`, title: 'EV notes', filename: 'notes.txt', bytes: Buffer.from('notes'), contentType: 'text/plain' });
    await detach(target, id);
    const events = about(await follow(target, start), `attachment/${id}`);
    expect(events.map((event) => event.type)).toEqual(['attachment.added', 'attachment.removed']);
    expect(events[1]!.payload).toMatchObject({ parent_type: 'vendor', parent_id: String(vendor), title: 'EV notes', filename: 'notes.txt' });
    expect(events[1]!.payload).not.toHaveProperty('blob_key');

    const before = await head(target);
    if (target.cliEnv) expect((await runPips(target, ['detach', String(id)])).code).not.toBe(0);
    else expectStatus(await del(target, `/__harness/attachments/${id}`, { rawPath: true }), 404);
    expect(about(await follow(target, before), `attachment/${id}`)).toEqual([]);
  });

  it('records each empty unit removed with its part before the part, seen only by who may view inventory', async () => {
    const stock = await stockSetting(target);
    const part = idOf(await stock.addPart());
    const emptied = idOf(await addUnit(stock, { quantity: '2' }, { partId: part }));
    expectUnit(await adjust(target, part, emptied, '0', { adjustment_type: 'consume' }));
    const empty = idOf(await addUnit(stock, { quantity: '0' }, { partId: part }));
    const start = await head(target);
    expectEmpty(await del(target, `/part/${part}`));

    const units = `part/${part}/inventory`;
    const events = about(await follow(target, start), `part/${part}`);
    expect(events.map((event) => [event.type, event.path])).toEqual([
      ['inventory_unit.deleted', `${units}/${emptied}`],
      ['inventory_unit.deleted', `${units}/${empty}`],
      ['part.deleted', `part/${part}`],
    ]);
    expect(events[0]!.payload).toMatchObject({ quantity: '0.0' });
    expect(about(await follow(target, start, { token: target.tokens.manageData }), `part/${part}`).map((event) => event.type)).toEqual(['part.deleted']);
  });

  it("records a location's nested sublocations created with it and deleted with it, each at its own path", async () => {
    const start = await head(target);
    const location = await createLocation(target, {}, sublocationsXml([{ name: 'EV-A' }, { name: 'EV-B', has_bins: true }]));
    const id = idOf(location);
    const shelves = (Array.isArray(location.inventory_sublocation) ? location.inventory_sublocation : [location.inventory_sublocation]) as Rec[];
    const [a, b] = ['EV-A', 'EV-B'].map((name) => idOf(shelves.find((shelf) => shelf.name === name)!));
    expectEmpty(await del(target, `/inventory_location/${id}`));

    const all = await follow(target, start);
    const mine = all.filter((event) => [`inventory_location/${id}`, `inventory_sublocation/${a}`, `inventory_sublocation/${b}`].includes(event.path));
    expect(mine.map((event) => [event.type, event.path])).toEqual([
      ['inventory_location.created', `inventory_location/${id}`],
      ['inventory_sublocation.created', `inventory_sublocation/${a}`],
      ['inventory_sublocation.created', `inventory_sublocation/${b}`],
      ['inventory_sublocation.deleted', `inventory_sublocation/${a}`],
      ['inventory_sublocation.deleted', `inventory_sublocation/${b}`],
      ['inventory_location.deleted', `inventory_location/${id}`],
    ]);
    // Its location's id is drawn by the same plan: the location's event, just before, names it.
    expect(mine[2]!.payload).toMatchObject({ name: 'EV-B', has_bins: 'true' });
    // Stock places are for who may view inventory.
    expect((await follow(target, start, { token: target.tokens.manageData })).filter((event) => mine.some((own) => own.path === event.path))).toEqual([]);
  });
});
