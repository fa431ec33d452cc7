import type { AttachOptions } from './attach';
import { send } from './inventory-seed';
import { TOKEN } from './server';

/** What the large part holds. */
export const LARGE_PART = { subparts: 200, units: 50, quotes: 20 } as const;

/** Attaches a file to a record, or null where the engine's data cannot take one from outside the server. */
export type Attach = ((options: AttachOptions) => Promise<number>) | null;

export interface LargePart {
  path: string;
  attachments: number;
}

/**
 * Makes the seeded part `partId` large, through the API: its active (draft) revision lists
 * LARGE_PART.subparts lines of the parts `others` (taken in turn, again from the first when there
 * are fewer), and it gets LARGE_PART.units units of stock in `unitId` over the two shelves of a new
 * location and LARGE_PART.quotes quotes from a new vendor; with `attach`, two attachments. No
 * part, unit of measure or manufacturer is added, so the other targets keep their documents.
 */
export async function seedLargePart(url: string, partId: number, others: readonly number[], unitId: number, attach: Attach): Promise<LargePart> {
  if (others.length === 0) throw new Error('the large part needs other seeded parts to list: seed at least three parts');
  const api = `${url}/api/v2/${TOKEN}`;
  const stamp = Date.now();
  const shown = await fetch(`${api}/part/${partId}`, { headers: { accept: 'application/xml' } });
  const revisionId = /<revision>\s*<id>(\d+)<\/id>/.exec(await shown.text())?.[1];
  if (!shown.ok || revisionId === undefined) throw new Error(`seeding failed: part ${partId} shows no revision (${shown.status})`);

  const lines = Array.from({ length: LARGE_PART.subparts }, (_, i) => {
    const optional = i % 10 === 9 ? '<no_load>true</no_load><comment>fit on demand</comment>' : '';
    return `<subpart><subpart_id>${others[i % others.length]}</subpart_id><quantity>${1 + (i % 4)}</quantity><designator>R${i + 1}</designator>${optional}</subpart>`;
  });
  await send(`${api}/parts/${partId}/revisions/${revisionId}/subparts`, `<part_revision><subparts type="array">${lines.join('')}</subparts></part_revision>`);

  const shelves = '<inventory_sublocation><name>Shelf A</name><has_bins>true</has_bins></inventory_sublocation><inventory_sublocation><name>Shelf B</name></inventory_sublocation>';
  const location = await send(
    `${api}/inventory_location`,
    `<inventory_location><name>bench large ${stamp}</name><shortname>LARGE</shortname><inventory_sublocations type="array">${shelves}</inventory_sublocations></inventory_location>`,
  );
  const sublocations = [...location.text.matchAll(/<inventory_sublocation>\s*<id>(\d+)<\/id>/g)].map((match) => match[1]);
  for (let i = 0; i < LARGE_PART.units; i++) {
    const bin = i % 2 === 0 ? `<sublocation_bin>B${i}</sublocation_bin>` : '';
    const body = `<inventory_unit><inventory_sublocation_id>${sublocations[i % 2]}</inventory_sublocation_id><unit_id>${unitId}</unit_id><quantity>${100 + i}</quantity>${bin}</inventory_unit>`;
    await send(`${api}/parts/${partId}/inventory_units`, body);
  }

  const vendor = (await send(`${api}/vendor`, `<vendor><name>bench large ${stamp}</name></vendor>`)).id;
  for (let i = 0; i < LARGE_PART.quotes; i++) {
    const body =
      `<quote><part_id>${partId}</part_id><vendor_id>${vendor}</vendor_id><price>${(0.01 * (i + 1)).toFixed(4)}</price>` +
      `<quantity_min>${100 * (i + 1)}</quantity_min><leadtime>${i + 1}</leadtime><currency_id>eur</currency_id><valid_for>30</valid_for></quote>`;
    await send(`${api}/quote`, body);
  }

  let attachments = 0;
  if (attach) {
    const parent = `part/${partId}`;
    await attach({ parent, title: 'Datasheet', noteType: 'datasheet', filename: 'large.pdf', content: '%PDF-1.4 bench large part' });
    await attach({ parent, title: 'Assembly drawing', filename: 'large.png', content: 'bench drawing' });
    attachments = 2;
  }
  return { path: `/api/v2/${TOKEN}/part/${partId}`, attachments };
}
