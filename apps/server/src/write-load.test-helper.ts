import { expect } from 'vitest';

/** Seeded through the API: a part with one unit of stock to split from. */
export interface Stock {
  partId: number;
  unitId: number;
  sublocationId: number;
  quantity: number;
}

/** What one request of the load got. */
export interface Outcome {
  kind: 'manufacturer' | 'split';
  /** The manufacturer's name, or the id of the unit a split made (when acknowledged). */
  key: string;
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  body: string;
}

const xmlHeaders = { 'Content-Type': 'application/xml' };

async function post(base: URL, path: string, body: string): Promise<string> {
  const reply = await fetch(new URL(path, base), { method: 'POST', headers: xmlHeaders, body });
  const text = await reply.text();
  expect(reply.status, `${path}: ${text}`).toBe(200);
  return text;
}

const firstId = (text: string) => Number(/<id>(\d+)<\/id>/.exec(text)?.[1]);

/** Reference data, a part and a unit of `quantity` pieces, made through the API with token `t`. */
export async function seedStock(url: URL, quantity: number): Promise<Stock> {
  const api = new URL('/api/v2/t/', url);
  const unit = firstId(await post(api, 'unit', '<unit><name>Each</name><description>One</description><allow_fractional>false</allow_fractional></unit>'));
  const maker = firstId(await post(api, 'manufacturer', '<manufacturer><name>Maker</name></manufacturer>'));
  const type = firstId(await post(api, 'parttype', '<parttype><name>Thing</name><partnumber_key>TH</partnumber_key></parttype>'));
  const location = await post(
    api,
    'inventory_location',
    '<inventory_location><name>Store</name><shortname>ST</shortname><inventory_sublocations type="array"><inventory_sublocation><name>Shelf</name><has_bins>false</has_bins></inventory_sublocation></inventory_sublocations></inventory_location>',
  );
  const sublocationId = Number(/<inventory_sublocation>\s*<id>(\d+)<\/id>/.exec(location)?.[1]);
  const partId = firstId(
    await post(api, 'part', `<part><manufacturer_pn>P-1</manufacturer_pn><manufacturer_id>${maker}</manufacturer_id><parttype_id>${type}</parttype_id><unit_id>${unit}</unit_id><revision><revision_name>A</revision_name></revision></part>`),
  );
  const unitId = firstId(
    await post(api, `parts/${partId}/inventory_units`, `<inventory_unit><inventory_sublocation_id>${sublocationId}</inventory_sublocation_id><unit_id>${unit}</unit_id><quantity>${quantity}</quantity></inventory_unit>`),
  );
  expect([unit, maker, type, sublocationId, partId, unitId].every(Number.isSafeInteger)).toBe(true);
  return { partId, unitId, sublocationId, quantity };
}

/**
 * Writers that each create a manufacturer and split one piece off the stock, in turn, until
 * stopped, recording every answer. Each request is bounded (`requestTimeoutMs`): a hang fails it.
 */
export function startWriteLoad(url: URL, stock: Stock, writers: number, requestTimeoutMs: number) {
  const outcomes: Outcome[] = [];
  const waiters: Array<() => void> = [];
  let stopped = false;
  const api = new URL('/api/v2/t/', url);

  async function send(kind: Outcome['kind'], path: string, body: string, name: string) {
    const reply = await fetch(new URL(path, api), { method: 'POST', headers: xmlHeaders, body, signal: AbortSignal.timeout(requestTimeoutMs) });
    const text = await reply.text();
    const key = kind === 'manufacturer' ? name : reply.status === 200 ? String([...text.matchAll(/<id>(\d+)<\/id>/g)][1]?.[1]) : '';
    outcomes.push({ kind, key, status: reply.status, retryAfter: reply.headers.get('retry-after'), contentType: reply.headers.get('content-type'), body: text });
    for (const wake of waiters.splice(0)) wake();
  }

  async function writer(index: number) {
    for (let n = 0; !stopped; n++) {
      const name = `load-${index}-${n}`;
      await send('manufacturer', 'manufacturer', `<manufacturer><name>${name}</name></manufacturer>`, name);
      if (stopped) break;
      await send(
        'split',
        `parts/${stock.partId}/inventory_units/${stock.unitId}/split`,
        `<inventory_unit><inventory_sublocation_id>${stock.sublocationId}</inventory_sublocation_id><quantity>1</quantity></inventory_unit>`,
        name,
      );
    }
  }

  const running = Promise.all(Array.from({ length: writers }, (_, index) => writer(index)));
  return {
    outcomes,
    /** Resolves once `accept` holds for the outcomes so far (checked after each answer). */
    until(accept: (outcomes: readonly Outcome[]) => boolean): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (accept(outcomes)) return resolve();
          if (stopped) return reject(new Error('the load stopped first'));
          waiters.push(check);
        };
        void running.catch(reject);
        check();
      });
    },
    async stop() {
      stopped = true;
      for (const wake of waiters.splice(0)) wake();
      await running;
    },
  };
}

export const acknowledged = (outcomes: readonly Outcome[]) => outcomes.filter((o) => o.status === 200);

/** Every refusal is the XML error document with a message; `statuses` are the ones allowed. */
export function expectCleanRefusals(outcomes: readonly Outcome[], statuses: readonly number[]): void {
  for (const o of outcomes.filter((o) => o.status !== 200)) {
    expect(statuses, `${o.kind} ${o.status}: ${o.body}`).toContain(o.status);
    expect(o.contentType).toBe('application/xml; charset=utf-8');
    expect(o.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<error>\n {2}<message>[^<]+<\/message>\n<\/error>\n?$/);
  }
}

/**
 * What the API shows afterwards: every acknowledged manufacturer and split unit is there, no
 * manufacturer that was never sent, and the stock's pieces still add up (a split is whole or absent).
 */
export async function expectNothingLost(url: URL, stock: Stock, outcomes: readonly Outcome[]): Promise<void> {
  const api = new URL('/api/v2/t/', url);
  const makers = await (await fetch(new URL('manufacturer', api))).text();
  const names = new Set([...makers.matchAll(/<name>(load-[^<]+)<\/name>/g)].map((m) => m[1]));
  const sent = new Set(outcomes.filter((o) => o.kind === 'manufacturer').map((o) => o.key));
  for (const o of acknowledged(outcomes).filter((o) => o.kind === 'manufacturer')) expect(names.has(o.key), o.key).toBe(true);
  for (const name of names) expect(sent.has(name!), name).toBe(true);

  // The part's list holds each unit's quantity (no id); a unit's own page holds its id.
  const units = await (await fetch(new URL(`part/${stock.partId}/inventory_units`, api))).text();
  const quantities = [...units.matchAll(/<quantity>([\d.]+)<\/quantity>/g)].map((m) => Number(m[1]));
  expect(quantities.reduce((sum, q) => sum + q, 0)).toBe(stock.quantity);
  expect(quantities.filter((q) => q !== 1).length).toBe(1);
  const quantityOf = async (id: string) => {
    const text = await (await fetch(new URL(`parts/${stock.partId}/inventory_units/${id}`, api))).text();
    return Number(/<quantity>([\d.]+)<\/quantity>/.exec(text)?.[1]);
  };
  expect(await quantityOf(String(stock.unitId))).toBe(stock.quantity - (quantities.length - 1));
  for (const o of acknowledged(outcomes).filter((o) => o.kind === 'split')) expect(await quantityOf(o.key), `split unit ${o.key}`).toBe(1);
}

/** Polls `url` until it answers `status`; the bound is generous for a loaded machine. Answers how long it took. */
export async function pollStatus(url: URL, status: number, boundMs = 120_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const reply = await fetch(url, { signal: AbortSignal.timeout(boundMs) }).catch(() => undefined);
    await reply?.text();
    if (reply?.status === status) return Date.now() - started;
    if (Date.now() - started > boundMs) throw new Error(`${url.pathname} did not answer ${status} within ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** No stack and no unhandled error in the server's log or on its stderr. */
export function expectNoStacks(lines: ReadonlyArray<Record<string, unknown>>, stderr: string): void {
  for (const line of lines) {
    expect(line.msg, JSON.stringify(line)).not.toBe('unhandled error');
    expect(JSON.stringify(line), 'a stack in the log').not.toMatch(/\\n\s+at /);
  }
  expect(stderr).not.toMatch(/\n\s+at /);
}
