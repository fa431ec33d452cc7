import { TOKEN } from './server';

const xmlHeaders = { 'content-type': 'application/xml', accept: 'application/xml' };

/** Sends `body` and answers the first `<id>` of the reply (the record made); throws on an error. */
export async function send(url: string, body: string, method = 'POST'): Promise<{ id: number; text: string }> {
  const response = await fetch(url, { method, headers: xmlHeaders, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} failed: ${response.status} ${text}`);
  return { id: Number(/<id>(\d+)<\/id>/.exec(text)?.[1]), text };
}

/** What the inventory targets run on: a part, a sublocation, and units of it. */
export interface Stock {
  partId: number;
  sublocationId: number;
  /** The first unit takes every client of the one-unit targets; the rest are spread over. */
  unitIds: number[];
}

/** So many that splits of 1 never run a unit down within a run. */
export const HUGE_QUANTITY = '1000000000000';

/** A part with `count` units of HUGE_QUANTITY at one sublocation, made through the API. */
export async function seedStock(url: string, count: number): Promise<Stock> {
  const api = `${url}/api/v2/${TOKEN}`;
  const stamp = Date.now();
  const measure = (await send(`${api}/unit`, `<unit><name>bench metre ${stamp}</name><allow_fractional>true</allow_fractional></unit>`)).id;
  const manufacturer = (await send(`${api}/manufacturer`, `<manufacturer><name>bench stock ${stamp}</name></manufacturer>`)).id;
  const parttype = (await send(`${api}/parttype`, `<parttype><name>bench stock ${stamp}</name></parttype>`)).id;
  const location = await send(
    `${api}/inventory_location`,
    `<inventory_location><name>bench store ${stamp}</name><shortname>BENCH</shortname><inventory_sublocations type="array">` +
      '<inventory_sublocation><name>Shelf</name></inventory_sublocation></inventory_sublocations></inventory_location>',
  );
  const sublocationId = Number(/<inventory_sublocation>\s*<id>(\d+)<\/id>/.exec(location.text)?.[1]);
  const partBody =
    `<part><partnumber>BENCH-STOCK-${stamp}</partnumber><manufacturer_pn>BENCH-${stamp}</manufacturer_pn><manufacturer_id>${manufacturer}</manufacturer_id>` +
    `<parttype_id>${parttype}</parttype_id><unit_id>${measure}</unit_id><revision><revision_name>A</revision_name></revision></part>`;
  const partId = (await send(`${api}/part`, partBody)).id;
  const unitBody = `<inventory_unit><inventory_sublocation_id>${sublocationId}</inventory_sublocation_id><unit_id>${measure}</unit_id><quantity>${HUGE_QUANTITY}</quantity></inventory_unit>`;
  const unitIds: number[] = [];
  for (let i = 0; i < count; i++) unitIds.push((await send(`${api}/parts/${partId}/inventory_units`, unitBody)).id);
  return { partId, sublocationId, unitIds };
}
