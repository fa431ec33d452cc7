import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Db } from './db';
import {
  emptyList,
  errorsDocument,
  listClose,
  listDocument,
  listOpen,
  manufacturerShow,
  subpartShow,
  paginationHeader,
  unitListItem,
  unitShow,
  type ManufacturerRow,
  type UnitListRow,
  type UnitRow,
} from './render';
import { partListItem, partShow, type PartRow, type PartShowRow } from './part-render';
import { ADJUST_UNIT, SPLIT_UNIT, type UnitFormRow } from './inventory-sql';
import { CREATE_PART, UPDATE_PART } from './part-write-sql';
import { ADD_BILL_LINE, billLineLocks, type BillLineRow } from './bill-line-sql';
import { RELEASE_REVISION, releaseLocks } from './release-sql';
import { unitDocument, unitsDocument } from './inventory-render';
import { route, type Route } from './route';
import { eventItem, type EventRow } from './event-render';
import { EVENTS, EVENTS_OF_TYPE } from './event-sql';
import { CREATE_MANUFACTURER, LIST_PARTS, LIST_UNITS, PAGE_PARTS, SHOW_PART, SHOW_UNIT } from './sql';

const XML = 'application/xml; charset=utf-8';
/** Whole lists go out in batches of this many rows, as PIPS streams them. */
const BATCH = 500;
const BODY_LIMIT = 1024 * 1024;
/** The currency a part's estimated cost takes without one: the site's, PIPS's default (SITE_CURRENCY unset). */
const SITE_CURRENCY = 'USD';

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': XML, 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

const notFound = (res: ServerResponse) => send(res, 404, `<?xml version="1.0" encoding="UTF-8"?>\n<error>\n  <message>Not found</message>\n</error>\n`);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of the first `<name>` of a manufacturer body, entities decoded; null when blank or absent. */
export function manufacturerName(body: string): string | null {
  const text = /<name>([^<]*)<\/name>/.exec(body)?.[1];
  if (text === undefined) return null;
  const name = text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number(ref.slice(1)));
    return ENTITIES[ref] ?? whole;
  });
  return name.trim() === '' ? null : name;
}

/** Writes `chunk`, waiting while the client reads; false once the client has gone. */
async function write(res: ServerResponse, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(chunk)) return true;
  // Both listeners go when either fires: a long list waits for many drains.
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  return !res.destroyed;
}

/** A whole list, batch by batch in id order: the same bytes as one document, with memory kept flat. */
async function streamList<T extends { id: number }>(
  res: ServerResponse,
  root: string,
  batch: (after: number) => Promise<T[]>,
  item: (row: T) => string,
): Promise<void> {
  let rows = await batch(0);
  res.writeHead(200, { 'content-type': XML });
  if (rows.length === 0) {
    res.end(emptyList(root));
    return;
  }
  let chunk = listOpen(root);
  for (;;) {
    for (const row of rows) chunk += item(row);
    if (!(await write(res, chunk))) return;
    if (rows.length < BATCH) break;
    rows = await batch(rows[rows.length - 1]!.id);
    chunk = '';
  }
  res.end(listClose(root));
}

interface PageRow extends PartRow {
  total: number;
}

async function answer(db: Db, r: Route, req: IncomingMessage, res: ServerResponse): Promise<void> {
  switch (r.kind) {
    case 'ready':
      return send(res, 200, '<?xml version="1.0" encoding="UTF-8"?>\n<health>\n  <status>ok</status>\n</health>\n');
    case 'show unit': {
      const [unit] = await db.rows<UnitRow>(SHOW_UNIT, [r.id]);
      return unit ? send(res, 200, unitShow(unit)) : notFound(res);
    }
    case 'list units':
      return streamList(res, 'units', (after) => db.rows<UnitListRow>(LIST_UNITS, [after, BATCH]), unitListItem);
    case 'show part': {
      const [part] = await db.rows<PartShowRow>(SHOW_PART, [r.id]);
      return part ? send(res, 200, partShow(part)) : notFound(res);
    }
    case 'list parts':
      return streamList(res, 'parts', (after) => db.rows<PartRow>(LIST_PARTS, [after, BATCH]), partListItem);
    case 'page parts': {
      const rows = await db.rows<PageRow>(PAGE_PARTS, [r.perPage, (r.page - 1) * r.perPage]);
      const total = rows[0]?.total ?? 0;
      const parts = rows.filter((row) => row.id !== null);
      return send(res, 200, listDocument('parts', parts, partListItem), {
        'x-pagination': paginationHeader(total, r.page, r.perPage),
      });
    }
    case 'create manufacturer': {
      const name = manufacturerName(await readBody(req));
      if (name === null) return send(res, 400, errorsDocument("Name can't be blank"));
      try {
        const [row] = await db.rows<ManufacturerRow>(CREATE_MANUFACTURER, [name]);
        return send(res, 200, manufacturerShow(row!));
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return send(res, 400, errorsDocument('Name has already been taken'));
        throw error;
      }
    }
    case 'create part': {
      const body = await readBody(req);
      const fields = ['partnumber', 'manufacturer_pn', 'manufacturer_id', 'parttype_id', 'unit_id', 'revision_name'].map((name) => fieldOf(body, name));
      if (fields.includes(null)) return send(res, 400, errorsDocument('The floor takes every field the bench sends'));
      try {
        const [part] = await db.rows<PartShowRow>(CREATE_PART, [...fields, SITE_CURRENCY]);
        return part ? send(res, 200, partShow(part)) : send(res, 400, errorsDocument('Parttype is invalid'));
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return send(res, 400, errorsDocument('Partnumber has already been taken'));
        throw error;
      }
    }
    case 'update part': {
      const manufacturerPn = fieldOf(await readBody(req), 'manufacturer_pn');
      if (manufacturerPn === null) return send(res, 400, errorsDocument("Manufacturer pn can't be blank"));
      const [part] = await db.rows<PartShowRow>(UPDATE_PART, [r.id, manufacturerPn]);
      return part ? send(res, 200, partShow(part)) : notFound(res);
    }
    case 'add bill line': {
      const body = await readBody(req);
      const [revision, partnumber, quantity] = ['part_revision_id', 'partnumber', 'quantity'].map((name) => fieldOf(body, name));
      if (!revision || !/^\d{1,9}$/.test(revision) || !partnumber || !quantity) {
        return send(res, 400, errorsDocument('The floor takes every field the bench sends'));
      }
      const [line] = await db.lockedRows<BillLineRow>(billLineLocks(Number(revision)), ADD_BILL_LINE, [revision, partnumber, quantity]);
      return line ? send(res, 200, subpartShow(line)) : send(res, 422, errorsDocument('The line cannot be added'));
    }
    case 'release revision': {
      // PIPS reads the body's rename and lists; the bench sends none.
      await readBody(req);
      const released = await db.lockedRows<{ id: number }>(releaseLocks(r.partId), RELEASE_REVISION, [r.partId, r.id]);
      return released.length === 1 ? send(res, 200, '') : send(res, 422, errorsDocument('The revision cannot be released'));
    }
    case 'events': {
      const rows = r.type === null ? await db.rows<EventRow>(EVENTS, [r.after, r.limit]) : await db.rows<EventRow>(EVENTS_OF_TYPE, [r.after, r.limit, r.type]);
      return send(res, 200, listDocument('events', rows, eventItem));
    }
    case 'adjust unit': {
      const quantity = fieldOf(await readBody(req), 'quantity');
      if (quantity === null) return send(res, 400, errorsDocument("Quantity can't be blank"));
      const [unit] = await db.rows<UnitFormRow>(ADJUST_UNIT, [r.id, r.partId, quantity]);
      return unit ? send(res, 200, unitDocument(unit)) : notFound(res);
    }
    case 'split unit': {
      const body = await readBody(req);
      const [quantity, sublocation] = [fieldOf(body, 'quantity'), fieldOf(body, 'inventory_sublocation_id')];
      if (quantity === null || sublocation === null) return send(res, 400, errorsDocument("Quantity can't be blank"));
      const units = await db.rows<UnitFormRow>(SPLIT_UNIT, [r.id, r.partId, quantity, sublocation]);
      return units.length === 2 ? send(res, 200, unitsDocument(units)) : send(res, 422, errorsDocument('Quantity must be less than the quantity available.'));
    }
  }
}

/** The text of `<name>…</name>` in a small body the bench wrote; null when absent. */
export function fieldOf(body: string, name: string): string | null {
  return new RegExp(`<${name}>([^<]+)</${name}>`).exec(body)?.[1]?.trim() ?? null;
}

function fail(res: ServerResponse, error: unknown): void {
  console.error(error);
  if (res.headersSent) res.destroy();
  else send(res, 500, '<?xml version="1.0" encoding="UTF-8"?>\n<error>\n  <message>Internal error</message>\n</error>\n');
}

/** The floor on a database: each request one statement (a whole list one per batch). */
export function dbHandler(db: Db, token: string): RequestListener {
  return (req, res) => {
    const r = route(req.method ?? 'GET', req.url ?? '/', token);
    if (!r) return notFound(res);
    answer(db, r, req, res).catch((error: unknown) => fail(res, error));
  };
}

/** A document PIPS answered, kept to be answered again. */
export interface Captured {
  body: string;
  pagination: string | null;
}

/**
 * The floor of the memory engine: a bare node:http server answering each GET target with the
 * document PIPS answered, and a create with the manufacturer template and the next id.
 */
export function staticHandler(documents: Record<string, Captured>, token: string, nextId = 1_000_000): RequestListener {
  let id = nextId;
  return (req, res) => {
    const r = route(req.method ?? 'GET', req.url ?? '/', token);
    if (!r) return notFound(res);
    if (r.kind === 'ready') return send(res, 200, 'ok');
    if (r.kind !== 'create manufacturer') {
      const doc = documents[req.url ?? ''];
      if (!doc) return notFound(res);
      return send(res, 200, doc.body, doc.pagination === null ? {} : { 'x-pagination': doc.pagination });
    }
    readBody(req)
      .then((body) => {
        const name = manufacturerName(body);
        if (name === null) return send(res, 400, errorsDocument("Name can't be blank"));
        const empty = { short_name: null, website: null, address1: null, address2: null, address3: null, city: null };
        const more = { state: null, postcode: null, country: null, phone1: null, phone2: null, phone3: null };
        send(res, 200, manufacturerShow({ id: id++, name, ...empty, ...more }));
      })
      .catch((error: unknown) => fail(res, error));
  };
}
