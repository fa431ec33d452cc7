/** A route a client function calls: its method and path template, under `/api/v2/:api_token` unless `api` is false. */
export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  /** False for the signed download link, which lives outside the token prefix. */
  readonly api: boolean;
}

const route =
  (method: Route['method']) =>
  (path: string): Route => ({ method, path, api: true });
const get = route('GET');
const post = route('POST');
const put = route('PUT');
const del = route('DELETE');

/** SPEC 4.2's five operations on `segment`. */
const reference = (segment: string) =>
  ({
    list: get(`/${segment}`),
    show: get(`/${segment}/:id`),
    create: post(`/${segment}`),
    update: put(`/${segment}/:id`),
    delete: del(`/${segment}/:id`),
  }) as const;

/** A list that pages: the whole list, one page, and every page in turn all read the same route. */
const paged = (path: string) => ({ list: get(path), page: get(path), all: get(path) }) as const;

const revision = '/parts/:part_id/revisions/:id';
const unit = '/parts/:part_id/inventory_units/:id';

/**
 * Every client function, by group and name, and the route it calls. The client's functions are
 * built from these entries, and a test compares them with the server's route table, so a route
 * without a function (or a function without a route) fails the build.
 */
export const operations = {
  customers: reference('customer'),
  contacts: reference('contact'),
  manufacturers: reference('manufacturer'),
  vendors: reference('vendor'),
  parttypes: reference('parttype'),
  units: reference('unit'),
  inventoryLocations: reference('inventory_location'),
  inventorySublocations: {
    show: get('/inventory_sublocation/:id'),
    create: post('/inventory_sublocation'),
    update: put('/inventory_sublocation/:id'),
    delete: del('/inventory_sublocation/:id'),
  },
  unitConversions: { create: post('/unit_conversion'), delete: del('/unit_conversion/:id') },
  linecards: { create: post('/linecard'), delete: del('/linecard') },
  vendorPartNumbers: { create: post('/vendor_partnumber'), delete: del('/vendor_partnumber/:id') },
  quotes: { create: post('/quote'), delete: del('/quote/:id') },
  parts: {
    ...paged('/part'),
    show: get('/part/:id'),
    create: post('/part'),
    update: put('/part/:id'),
    delete: del('/part/:id'),
  },
  revisions: {
    list: get('/parts/:part_id/revisions'),
    show: get(revision),
    partAncestors: get(`${revision}/part_ancestors`),
    create: post('/parts/:part_id/revisions'),
    delete: del(revision),
    addSubparts: post(`${revision}/subparts`),
    release: post(`${revision}/release`),
    bom: get(`${revision}/bom`),
  },
  subparts: { create: post('/subpart'), update: put('/subpart/:id'), delete: del('/subpart/:id') },
  inventoryUnits: {
    search: get('/inventory_units/search'),
    searchAll: get('/inventory_units/search'),
    show: get(unit),
    update: put(unit),
    adjustQuantity: put(`${unit}/adjust_quantity`),
    create: post('/parts/:part_id/inventory_units'),
    move: put(`${unit}/move`),
    split: post(`${unit}/split`),
    listForPart: get('/part/:id/inventory_units'),
  },
  inventoryRecords: paged(`${unit}/inventory_records`),
  purchaseOrders: { ...paged('/purchase_orders'), show: get('/purchase_orders/:id') },
  attachments: {
    ...paged('/attachments'),
    show: get('/attachments/:id'),
    downloadUri: get('/attachments/:id/download_uri'),
    download: { method: 'GET', path: '/downloads/attachments/:id', api: false },
  },
  events: { list: get('/events'), follow: get('/events') },
} as const satisfies Record<string, Record<string, Route>>;

export type Operations = typeof operations;
