import { pgliteDataDir } from '@pips/store-mikro-orm/test';
import { describe, expect, it, onTestFinished } from 'vitest';
import { attachThroughCli, type AttachOptions } from './attach';
import { compareAnswers, maskCreated, type Answer } from './compare';
import { eventsAfter } from './event-shapes';
import { maskInventory } from './inventory-targets';
import { startFloor } from './floor';
import { partnumbersIn, partSettingOf, revisionIdOf, writeTargets, type WriteTarget } from './write-targets';
import { LARGE_PART, seedLargePart } from './seed-large-part';
import { engines, startServer, TOKEN, type Prepared } from './server';

const API = `/api/v2/${TOKEN}`;
const headers = { accept: 'application/xml', 'content-type': 'application/xml' };

async function answer(url: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(url, { ...init, headers });
  return { status: response.status, body: await response.text(), pagination: response.headers.get('x-pagination') };
}

async function create(url: string, resource: string, body: string): Promise<number> {
  const reply = await answer(`${url}${API}/${resource}`, { method: 'POST', body: `<${resource}>${body}</${resource}>` });
  expect(reply.status, reply.body).toBe(200);
  return Number(/<id>(\d+)<\/id>/.exec(reply.body)?.[1]);
}

/** Three units of `part` over two sublocations (one with a bin, names to escape), in `unitId`. */
async function seedStock(url: string, part: number, unitId: number): Promise<void> {
  const shelves = '<inventory_sublocation><name>Shelf &lt;A&gt;</name><has_bins>true</has_bins></inventory_sublocation><inventory_sublocation><name>Floor</name></inventory_sublocation>';
  const location = await answer(`${url}${API}/inventory_location`, {
    method: 'POST',
    body: `<inventory_location><name>Store &amp; Co</name><shortname>ST</shortname><inventory_sublocations type="array">${shelves}</inventory_sublocations></inventory_location>`,
  });
  expect(location.status, location.body).toBe(200);
  const [shelf, floor] = [...location.body.matchAll(/<inventory_sublocation>\s*<id>(\d+)<\/id>/g)].map((match) => match[1]);
  for (const [sublocation, quantity, extra] of [
    [shelf, '2.50', '<sublocation_bin>B1</sublocation_bin>'],
    [floor, '100', ''],
    [shelf, '0.125', ''],
  ] as const) {
    const body = `<inventory_unit><inventory_sublocation_id>${sublocation}</inventory_sublocation_id><unit_id>${unitId}</unit_id><quantity>${quantity}</quantity>${extra}</inventory_unit>`;
    const unit = await answer(`${url}${API}/parts/${part}/inventory_units`, { method: 'POST', body });
    expect(unit.status, unit.body).toBe(200);
  }
}

/**
 * Data the bench's seed does not reach: escaping, empty and set decimals, a tiny float, both
 * outsourcing fields, numeric custom attributes, quotes with an expiry, vendor part numbers,
 * alternates, units of stock, attachments (through the CLI, as they come in), a part without a value.
 */
async function seedVariety(url: string, data: Prepared): Promise<{ paths: string[] }> {
  const kg = await create(url, 'unit', '<name>kg &amp; more</name><description>a &lt;b&gt; "c"</description>');
  const g = await create(url, 'unit', '<name>g</name><allow_fractional>false</allow_fractional>');
  const box = await create(url, 'unit', '<name>box</name>');
  for (const [from, to, factor] of [
    [box, kg, '10'],
    [box, g, '0.0125'],
    [kg, g, '1000.5'],
  ] as const) {
    await create(url, 'unit_conversion', `<from_unit_id>${from}</from_unit_id><to_unit_id>${to}</to_unit_id><factor>${factor}</factor>`);
  }
  const maker = await create(url, 'manufacturer', '<name>Acme &amp; Sons</name><short_name>ACME</short_name>');
  const type = await create(url, 'parttype', '<name>capacitor</name>');
  const vendor = await create(url, 'vendor', '<name>Parts R Us</name>');
  const revision = (extra: string) => `<revision><revision_name>A</revision_name>${extra}</revision>`;
  const ids = `<manufacturer_id>${maker}</manufacturer_id><parttype_id>${type}</parttype_id><unit_id>${box}</unit_id>`;
  const cap = await create(
    url,
    'part',
    `<manufacturer_pn>CAP-1</manufacturer_pn>${ids}<value_text>4.7p</value_text><inventory_price>0.0125</inventory_price>` +
      '<estimated_cost>12</estimated_cost><reorder_quantity>100</reorder_quantity><x_outsourced>true</x_outsourced>' +
      revision('<comment>line &amp; more</comment><description>ceramic</description><rohs>true</rohs><x_mass>500 mg</x_mass><x_package>0603</x_package><x_power/>'),
  );
  const plain = await create(
    url,
    'part',
    `<manufacturer_pn>PLAIN</manufacturer_pn>${ids}<manufactured_here>true</manufactured_here>${revision('')}` +
      `<alternate_parts type="array"><alternate_part><part_id>${cap}</part_id><comment>fits</comment><quality>2</quality></alternate_part></alternate_parts>`,
  );
  const capNumber = /<partnumber>([^<]*)<\/partnumber>/.exec((await answer(`${url}${API}/part/${cap}`)).body)?.[1];
  const quote = `<part_id>${cap}</part_id><vendor_id>${vendor}</vendor_id><price>0.1200</price><quantity_min>100</quantity_min><leadtime>14</leadtime><currency_id>eur</currency_id><valid_for>30</valid_for>`;
  expect((await answer(`${url}${API}/quote`, { method: 'POST', body: `<quote>${quote}</quote>` })).status).toBe(200);
  const number = `<part_id>${cap}</part_id><vendor_id>${vendor}</vendor_id><unit_id>${box}</unit_id><part_number>DK-1</part_number><comment>cut tape</comment>`;
  expect((await answer(`${url}${API}/vendor_partnumber`, { method: 'POST', body: `<vendor_partnumber>${number}</vendor_partnumber>` })).status).toBe(200);
  // A bill: PLAIN lists CAP twice (one line left out of loads), so one part shows its bill and the other where it is used.
  for (const line of ['<quantity>2.50</quantity><designator>C1 &amp; C2</designator>', '<quantity>1</quantity><no_load>1</no_load><build_sequence>3</build_sequence><comment>spare</comment>']) {
    const body = `<subpart><part_id>${plain}</part_id><partnumber>${capNumber}</partnumber>${line}</subpart>`;
    expect((await answer(`${url}${API}/subpart`, { method: 'POST', body })).status).toBe(200);
  }
  await seedStock(url, cap, box);
  const attach = (options: AttachOptions) => attachThroughCli(data.env, options);
  await attach({ parent: `part/${cap}`, title: 'Data & sheet', noteType: 'datasheet', filename: 'cap.pdf', content: '%PDF-1.4 bench' });
  await attach({ parent: `part/${cap}`, title: 'photo', filename: 'cap.png', content: 'not really a png' });
  // The bench's large part, its lines taking CAP and PLAIN in turn.
  const big = await create(url, 'part', `<manufacturer_pn>BIG</manufacturer_pn>${ids}${revision('')}`);
  const large = await seedLargePart(url, big, [cap, plain], box, attach);
  return {
    paths: [
      `${API}/unit/${box}`,
      `${API}/unit/${g}`,
      `${API}/unit`,
      `${API}/part/${cap}`,
      `${API}/part/${plain}`,
      `${API}/part?page=1&per_page=1`,
      `${API}/part?page=1&per_page=100`,
      `${API}/part`,
      large.path,
    ],
  };
}

/** A write's answer, with ids, times and the name it wrote masked. */
async function written(url: string, target: WriteTarget, name: string): Promise<Answer> {
  const reply = await answer(url + target.path(0), { method: target.method, body: target.body(name, 0) });
  return { ...reply, body: maskCreated(reply.body, name) };
}

/**
 * Seeds PIPS on `data`, keeps its answers, stops it, starts the floor of `engine` on the same
 * data and expects every answer again, byte for byte, and every write's events as PIPS wrote them.
 */
async function answersAlike(engine: string, data: Prepared): Promise<void> {
  const server = await startServer(data);
  onTestFinished(() => server.stop());
  const { paths } = await seedVariety(server.url, data);
  const expected = new Map<string, Answer>();
  for (const path of paths) expected.set(path, await answer(server.url + path));
  await server.stop();

  const floor = await startFloor(engine, data, {});
  onTestFinished(() => floor.stop());
  const differences: string[] = [];
  for (const path of paths) {
    const difference = compareAnswers(path, expected.get(path)!, await answer(floor.url + path));
    if (difference) differences.push(difference);
  }
  await floor.stop();

  // The writes after the reads, as the bench measures them: the updates change CAP, the part with
  // every group; the creates make parts like it. One process on the data at a time, PIPS first.
  // The bill line goes on the large part's draft, listing PLAIN (a line listing CAP would show in the floor's update of it).
  const capShown = expected.get(paths[3]!)!.body;
  const plainNumber = partnumbersIn(expected.get(paths[4]!)!.body).slice(0, 1);
  const bill = { assemblyRevisionId: revisionIdOf(expected.get(paths[8]!)!.body), childPartnumbers: plainNumber };
  const writes = writeTargets(partSettingOf(capShown, [Number(paths[3]!.split('/').pop())]), bill);
  // And an adjust, then a split (the inventory bench's writes), of the large part's first unit, into CAP's second unit's
  // sublocation: no other write's answer shows that unit.
  const largeShown = expected.get(paths[8]!)!.body;
  const unitsBase = `${API}/parts/${paths[8]!.split('/').pop()}/inventory_units/${/<inventory_unit>\s*<id>(\d+)<\/id>/.exec(largeShown)![1]}`;
  const toSublocation = [...capShown.matchAll(/<inventory_sublocation_id>(\d+)<\/inventory_sublocation_id>/g)][1]![1];
  const changeStock = async (url: string): Promise<string[]> => [
    maskInventory((await answer(`${url}${unitsBase}/adjust_quantity`, { method: 'PUT', body: '<inventory_unit><quantity>5</quantity></inventory_unit>' })).body),
    maskInventory(
      (await answer(`${url}${unitsBase}/split`, { method: 'POST', body: `<inventory_unit><inventory_sublocation_id>${toSublocation}</inventory_sublocation_id><quantity>1</quantity></inventory_unit>` })).body,
    ),
  ];
  const again = await startServer(data);
  onTestFinished(() => again.stop());
  const seeded = await eventsAfter(again.url, 0);
  for (const write of writes) expected.set(write.name, await written(again.url, write, `written by PIPS`));
  const stockByPips = await changeStock(again.url);
  const byPips = await eventsAfter(again.url, seeded.last);
  await again.stop();
  const writingFloor = await startFloor(engine, data, {});
  onTestFinished(() => writingFloor.stop());
  for (const write of writes) {
    const difference = compareAnswers(write.name, expected.get(write.name)!, await written(writingFloor.url, write, 'written by the floor'));
    if (difference) differences.push(difference);
  }
  const stockByFloor = await changeStock(writingFloor.url);
  await writingFloor.stop();
  expect(stockByPips[1]).toContain('<inventory_units type="array">');
  expect(stockByFloor).toEqual(stockByPips);
  // The floor's writes did the work PIPS's do: the same events, read through PIPS's feed, which numbers them.
  const reader = await startServer(data);
  onTestFinished(() => reader.stop());
  const byFloor = await eventsAfter(reader.url, byPips.last);
  expect(byPips.events.map((event) => event.type)).toEqual([
    'manufacturer.created',
    'part.created',
    'part.updated',
    'subpart.added',
    'inventory_unit.adjusted',
    'inventory_unit.split',
    'inventory_unit.created',
  ]);
  expect(byFloor.events).toEqual(byPips.events);
  expect(differences).toEqual([]);
  expect(writes.map((write) => expected.get(write.name)!.status)).toEqual([200, 200, 200, 200]);
  expect(expected.get('add bill line')!.body).toContain(`<subpart_id>${paths[4]!.split('/').pop()}</subpart_id>`);
  const updated = expected.get('update part')!.body;
  expect([updated.match(/<inventory_unit>/g)?.length, updated.match(/<attachment>/g)?.length]).toEqual([3, 2]);
  expect(updated).toContain('<manufacturer_pn>{name}</manufacturer_pn>');
  expect(expected.get('create part')!.body).toContain('<partnumber>{name}</partnumber>');
  expect(expected.get(`${API}/part?page=1&per_page=1`)?.pagination).toContain('"next_page":2');
  expect(expected.get(`${API}/unit/${paths[0]!.split('/').pop()}`)?.body).toContain('<factor>0.0125</factor>');
  // The bill is really there: PLAIN shows its two lines, CAP the lines listing it (PLAIN's two, half the large part's).
  const [cap, plain] = [expected.get(paths[3]!)!.body, expected.get(paths[4]!)!.body];
  expect(plain.match(/<subpart>/g)).toHaveLength(2);
  expect(cap.match(/<partlist_part>/g)).toHaveLength(2 + LARGE_PART.subparts / 2);
  // So are the stock and the files: CAP shows three units and two attachments, PLAIN none.
  expect(cap.match(/<inventory_unit>/g)).toHaveLength(3);
  expect(cap).toContain('<inventory_sublocation_name>Shelf &lt;A&gt;</inventory_sublocation_name>');
  expect(cap.match(/<attachment>/g)).toHaveLength(2);
  expect(cap).toContain('<title>Data &amp; sheet</title>');
  expect(plain).toContain('  <inventory_units type="array"/>\n');
  expect(plain).toContain('  <attachments type="array"/>\n');
  const large = expected.get(paths[8]!)!.body;
  expect(large.match(/<subpart>/g)).toHaveLength(LARGE_PART.subparts);
  expect(large.match(/<inventory_unit>/g)).toHaveLength(LARGE_PART.units);
  expect(large.match(/<quote>/g)).toHaveLength(LARGE_PART.quotes);
  expect(large.match(/<attachment>/g)).toHaveLength(2);
}

describe('the PGlite floor', () => {
  it("answers every target with PIPS's document, on the data PIPS wrote", async () => {
    const dataDir = await pgliteDataDir('migrated', 'pips-bench-floor-test-');
    await answersAlike('pglite', { env: { DATA_DIR: dataDir }, cleanup: () => {} });
  });
});

const postgres = engines({ PIPS_TEST_DATABASE_URL: process.env.PIPS_TEST_DATABASE_URL, BENCH_ENGINES: 'postgresql' })[0];

describe.skipIf(!postgres)('the PostgreSQL floor (needs PIPS_TEST_DATABASE_URL)', () => {
  it("answers every target with PIPS's document, on the database PIPS wrote", async () => {
    const data = postgres!.prepare();
    onTestFinished(() => data.cleanup());
    await answersAlike('postgresql', data);
  });
});
