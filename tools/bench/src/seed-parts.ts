import { TOKEN } from './server';

const xmlHeaders = { 'content-type': 'application/xml', accept: 'application/xml' };

async function postXml(url: string, body: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', headers: xmlHeaders, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`seeding failed: ${response.status} ${text}`);
  return text;
}

const idIn = (text: string): number => Number(/<id>(\d+)<\/id>/.exec(text)?.[1]);

/** A part as clients send it: the nested revision with two custom attributes, a value, a price. */
const partBody = (i: number, ids: { manufacturer: number; parttype: number; unit: number }) =>
  `<part><manufacturer_pn>BENCH-${i}</manufacturer_pn><manufacturer_id>${ids.manufacturer}</manufacturer_id>` +
  `<parttype_id>${ids.parttype}</parttype_id><unit_id>${ids.unit}</unit_id><value_text>4k7</value_text>` +
  `<inventory_price>0.0125</inventory_price><revision><revision_name>A</revision_name>` +
  `<description>bench part ${i}</description><x_package>0603</x_package><x_tolerance>1%</x_tolerance></revision></part>`;

/**
 * Creates `count` parts over `workers` concurrent connections (one manufacturer and part type for
 * all, and the unit `unitId`, so the unit list keeps its seeded length) and returns their ids in
 * ascending order.
 */
export async function seedParts(url: string, count: number, unitId: number, workers = 8): Promise<number[]> {
  const api = `${url}/api/v2/${TOKEN}`;
  const ids = {
    manufacturer: idIn(await postXml(`${api}/manufacturer`, `<manufacturer><name>bench maker ${Date.now()}</name></manufacturer>`)),
    parttype: idIn(await postXml(`${api}/parttype`, `<parttype><name>bench type ${Date.now()}</name></parttype>`)),
    unit: unitId,
  };
  let next = 0;
  const made: number[] = [];
  const worker = async () => {
    for (let i = next++; i < count; i = next++) made.push(idIn(await postXml(`${api}/part`, partBody(i, ids))));
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return made.sort((a, b) => a - b);
}
