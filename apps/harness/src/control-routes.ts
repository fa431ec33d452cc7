import { attachFile, parseAttach, detachFile, errors, importPurchaseOrders, parsePurchaseOrderImport, messages, permissions, type Context } from '@pips/domain';
import { rotateLinkKey, sendEmpty, sendXml, type AppContext, type AppMiddleware } from '@pips/http';
import { fields, list, type ParamValue } from '@pips/xml';
import { fixtures } from './fixtures';
import { HARNESS_SITE, type HarnessState } from './harness-state';
import { stateDigest } from './state-digest';

export const CONTROL_PREFIX = '/__harness';

type Handler = (ctx: AppContext, state: HarnessState, match: RegExpExecArray) => Promise<void>;

/** Control routes: no token, because they exist only in the harness, never in the server. */
const routes: ReadonlyArray<{ method: string; path: RegExp; handle: Handler }> = [
  { method: 'POST', path: /^\/reset$/, handle: reset },
  { method: 'POST', path: /^\/fixtures\/([^/]+)$/, handle: loadFixture },
  { method: 'POST', path: /^\/clock$/, handle: setClock },
  { method: 'POST', path: /^\/tokens$/, handle: createToken },
  { method: 'POST', path: /^\/purchase_orders$/, handle: importOrders },
  { method: 'DELETE', path: /^\/attachments\/(\d{1,10})$/, handle: detach },
  { method: 'GET', path: /^\/digest$/, handle: digest },
  { method: 'POST', path: /^\/links\/rotate_key$/, handle: rotateKey },
];

export function controlRoutes(state: HarnessState): AppMiddleware {
  return dispatch(routes, state);
}

/** Control routes that read their body as a stream (uploads): they run before parameters are read. */
export function controlStreamRoutes(state: HarnessState): AppMiddleware {
  return dispatch([{ method: 'POST', path: /^\/attachments$/, handle: attach }], state);
}

function dispatch(table: typeof routes, state: HarnessState): AppMiddleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(`${CONTROL_PREFIX}/`)) return next();
    const rest = ctx.path.slice(CONTROL_PREFIX.length);
    for (const route of table) {
      const match = route.method === ctx.method ? route.path.exec(rest) : null;
      if (match) return route.handle(ctx, state, match);
    }
    return next();
  };
}

async function reset(ctx: AppContext, state: HarnessState) {
  await state.reset();
  sendEmpty(ctx);
}

/** Fixtures are set-up done by the harness itself, so they run with every permission, as token 0. */
function fixtureContext(state: HarnessState): Context {
  const actor = { tokenId: 0, name: 'harness fixtures', permissions: new Set(permissions), readOnly: false };
  return { store: state.store, clock: state.clock, actor, site: HARNESS_SITE };
}

async function loadFixture(ctx: AppContext, state: HarnessState, match: RegExpExecArray) {
  const name = match[1] ?? '';
  const load = Object.hasOwn(fixtures, name) ? fixtures[name] : undefined;
  if (!load) throw errors.notFound('Fixture', name);
  const loaded = await load(fixtureContext(state));
  const records = loaded.map((r) =>
    fields([
      ['type', r.type],
      ['id', String(r.id)],
      ['name', r.name],
    ]),
  );
  sendXml(ctx, 'fixture', fields([['name', name], ['records', list('record', records)]]));
}

const hashOf = (value: ParamValue | undefined) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;

async function setClock(ctx: AppContext, state: HarnessState) {
  const raw = hashOf(ctx.state.params.clock)?.now;
  const at = typeof raw === 'string' && /^\d{4}-\d\d-\d\dT/.test(raw.trim()) ? new Date(raw.trim()) : null;
  if (!at || Number.isNaN(at.getTime())) throw errors.badRequest(messages.invalidParameter('clock[now]'));
  state.clock.set(at);
  sendXml(ctx, 'clock', fields([['now', state.clock.peek().toISOString()]]));
}

/** `<permissions type="array"><permission>…` or a form's `token[permissions][]=…`; one value or none also do. */
function permissionList(value: ParamValue | undefined): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  const nested = hashOf(value)?.permission;
  return nested === undefined ? [] : permissionList(nested);
}

/** `<token><name>…</name><permissions…/><read_only>true</read_only></token>`: `read_only` true or 1 issues a read-only token. */
async function createToken(ctx: AppContext, state: HarnessState) {
  const body = hashOf(ctx.state.params.token);
  const name = typeof body?.name === 'string' ? body.name : '';
  const readOnly = typeof body?.read_only === 'string' && /^(true|1)$/i.test(body.read_only.trim());
  const token = await state.createToken(name, permissionList(body?.permissions), { readOnly });
  sendXml(ctx, 'token', fields([['value', token]]));
}

/**
 * The harness's `pips import purchase-orders`: the same file as the body (`<purchase_orders
 * type="array">`), all or nothing; answers the orders' ids, or a 400 naming every problem.
 */
async function importOrders(ctx: AppContext, state: HarnessState) {
  const summary = await importPurchaseOrders(fixtureContext(state), parsePurchaseOrderImport(ctx.state.params.purchase_orders));
  const orders = summary.orders.map((order) => fields([['id', String(order.id)], ['number', order.number]]));
  sendXml(ctx, 'imported', fields([['purchase_orders', list('purchase_order', orders)], ['items', String(summary.items)], ['received', String(summary.received)]]));
}

const queryText = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

/**
 * The harness's `pips attach`: the request body is the file, streamed into the blob store;
 * `parent`, `title`, `filename`, `content_type` and `note_type` come as query parameters.
 */
async function attach(ctx: AppContext, state: HarnessState) {
  const { parent, title, filename, content_type, note_type } = ctx.query;
  const request = {
    parent: queryText(parent),
    title: queryText(title),
    filename: queryText(filename) || 'file',
    contentType: queryText(content_type) || 'application/octet-stream',
    noteType: queryText(note_type) || null,
  };
  const attachment = await attachFile(fixtureContext(state), state.blobs, parseAttach(request), ctx.req);
  sendXml(ctx, 'attachment', fields([['id', String(attachment.id)], ['md5', attachment.md5], ['file_size', String(attachment.file_size)]]));
}

/** The harness's `pips detach ID`. */
async function detach(ctx: AppContext, state: HarnessState, match: RegExpExecArray) {
  await detachFile(fixtureContext(state), state.blobs, Number(match[1]));
  sendEmpty(ctx);
}

/** A digest of every row the store holds, to tell whether a request changed anything. */
async function digest(ctx: AppContext, state: HarnessState) {
  const { sha256, rows } = await stateDigest(state.store);
  sendXml(ctx, 'digest', fields([['sha256', sha256], ['rows', String(rows)]]));
}

/** The harness's `pips links rotate-key`: a new signing key, and every link handed out before is refused. */
async function rotateKey(ctx: AppContext, state: HarnessState) {
  await rotateLinkKey(state.store, state.clock);
  sendEmpty(ctx);
}
