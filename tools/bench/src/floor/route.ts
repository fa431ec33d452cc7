/** The requests a floor answers: the bench's targets, under the bench's token, and nothing else. */
export type Route =
  | { kind: 'ready' }
  | { kind: 'show unit'; id: number }
  | { kind: 'list units' }
  | { kind: 'show part'; id: number }
  | { kind: 'list parts' }
  | { kind: 'page parts'; page: number; perPage: number }
  | { kind: 'create manufacturer' }
  | { kind: 'create part' }
  | { kind: 'add bill line' }
  | { kind: 'update part'; id: number }
  | { kind: 'adjust unit'; partId: number; id: number }
  | { kind: 'split unit'; partId: number; id: number }
  | { kind: 'release revision'; partId: number; id: number }
  | { kind: 'events'; after: number; limit: number; type: string | null };

const MAX_ID = 2_147_483_647;
const MAX_PER_PAGE = 1000;
/** `parts/:part_id/inventory_units/:id/adjust_quantity` or `…/split`. */
const UNIT_CHANGE = /^parts\/(\d{1,9})\/inventory_units\/(\d{1,9})\/(adjust_quantity|split)$/;
/** `parts/:part_id/revisions/:id/release`, with the ancestor guard lifted (the only release the bench sends). */
const RELEASE = /^parts\/(\d{1,9})\/revisions\/(\d{1,9})\/release$/;

const idOf = (text: string | undefined): number | null =>
  text !== undefined && /^\d{1,10}$/.test(text) && Number(text) <= MAX_ID ? Number(text) : null;

/** A whole number of at least `min`; null when absent or not one. */
function whole(text: string | null, min: number): number | null {
  if (text === null || !/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value >= min ? value : null;
}

/** Feed pages as PIPS reads them (`after` 0 and `limit` 100 unless told, 1–1000); `type` one type only, not a family. */
function eventsRoute(query: URLSearchParams): Route | null {
  const after = query.get('after');
  const limit = query.get('limit');
  const type = query.get('type');
  const afterNumber = after === null ? 0 : whole(after, 0);
  const size = limit === null ? 100 : whole(limit, 1);
  if (afterNumber === null || size === null || size > MAX_PER_PAGE) return null;
  if (type !== null && !/^[a-z_]+\.[a-z_]+$/.test(type)) return null;
  return { kind: 'events', after: afterNumber, limit: size, type };
}

/** The route of `method` and `url` (path and query), or null for anything the floor does not serve. */
export function route(method: string, url: string, token: string): Route | null {
  const { pathname, searchParams } = new URL(url, 'http://floor');
  if (pathname === '/readyz') return method === 'GET' ? { kind: 'ready' } : null;
  const prefix = `/api/v2/${token}/`;
  if (!pathname.startsWith(prefix)) return null;
  const unitChange = UNIT_CHANGE.exec(pathname.slice(prefix.length));
  if (unitChange) {
    const [, partId, id, action] = unitChange;
    const ids = { partId: Number(partId), id: Number(id) };
    if (action === 'adjust_quantity') return method === 'PUT' ? { kind: 'adjust unit', ...ids } : null;
    return method === 'POST' ? { kind: 'split unit', ...ids } : null;
  }
  const release = RELEASE.exec(pathname.slice(prefix.length));
  if (release) {
    const lifted = searchParams.get('bypass_part_ancestor_up_rev_guard') === 'true';
    return method === 'POST' && lifted ? { kind: 'release revision', partId: Number(release[1]), id: Number(release[2]) } : null;
  }
  const [resource, id, ...rest] = pathname.slice(prefix.length).split('/');
  if (rest.length > 0) return null;
  if (method === 'POST') {
    if (id !== undefined) return null;
    const kinds: Record<string, Route> = { manufacturer: { kind: 'create manufacturer' }, part: { kind: 'create part' }, subpart: { kind: 'add bill line' } };
    return (resource !== undefined && Object.hasOwn(kinds, resource) ? kinds[resource] : null) ?? null;
  }
  if (method === 'PUT') {
    const partId = resource === 'part' ? idOf(id) : null;
    return partId === null ? null : { kind: 'update part', id: partId };
  }
  if (method !== 'GET') return null;
  if (resource === 'events') return id === undefined ? eventsRoute(searchParams) : null;
  if (resource === 'unit') {
    if (id === undefined) return { kind: 'list units' };
    const unitId = idOf(id);
    return unitId === null ? null : { kind: 'show unit', id: unitId };
  }
  if (resource === 'part') {
    if (id !== undefined) {
      const partId = idOf(id);
      return partId === null ? null : { kind: 'show part', id: partId };
    }
    const page = searchParams.get('page');
    const perPage = searchParams.get('per_page');
    if (page === null && perPage === null) return { kind: 'list parts' };
    const pageNumber = page === null ? 1 : whole(page, 1);
    const size = perPage === null ? 25 : whole(perPage, 1);
    if (pageNumber === null || size === null) return null;
    return { kind: 'page parts', page: pageNumber, perPage: Math.min(size, MAX_PER_PAGE) };
  }
  return null;
}
