import { splitCallOptions, type CallOptions } from '../call-options';
import { DecodeError, list, type Decoder } from '../codec/decoders';
import { operations } from '../operations';
import { ITERATION_PER_PAGE, walkPages, type Page, type PageRequest } from '../pagination';
import { inventoryRecord, inventoryUnit, listedInventoryUnit, searchedInventoryUnit } from '../shapes/inventory';
import { collect, type Transport } from '../transport/transport';
import type { Query } from '../transport/url';
import type {
  AdjustQuantityInput,
  InventoryRecord,
  InventoryUnit,
  InventoryUnitCreateInput,
  InventoryUnitUpdateInput,
  ListedInventoryUnit,
  MoveInput,
  SearchedInventoryUnit,
  SearchTerm,
  SplitInput,
} from '../types/inventory';
import type { PartRef } from '../types/part-inputs';
import { pagedReader } from './paged';
import { partPath } from './parts';

/** A search: the triples (OR-ed), none for every unit. */
export interface SearchQuery {
  readonly terms?: readonly SearchTerm[];
}

/** SPEC 4.1: a part's inventory units, by the part's id and the unit's. Each change writes an inventory record. */
export interface InventoryUnitsGroup {
  /** One page of units matching any triple (the search always pages). */
  search(query?: SearchQuery & PageRequest & CallOptions): Promise<Page<SearchedInventoryUnit>>;
  /** Every match, a page at a time. */
  searchAll(query?: SearchQuery & { readonly per_page?: number } & CallOptions): AsyncGenerator<SearchedInventoryUnit, void, undefined>;
  show(partId: number, id: number, options?: CallOptions): Promise<InventoryUnit>;
  update(partId: number, id: number, input: InventoryUnitUpdateInput, options?: CallOptions): Promise<InventoryUnit>;
  adjustQuantity(partId: number, id: number, input: AdjustQuantityInput, options?: CallOptions): Promise<InventoryUnit>;
  create(partId: number, input: InventoryUnitCreateInput, options?: CallOptions): Promise<InventoryUnit>;
  move(partId: number, id: number, input: MoveInput, options?: CallOptions): Promise<InventoryUnit>;
  /** The original unit, reduced, then the new one. */
  split(partId: number, id: number, input: SplitInput, options?: CallOptions): Promise<[InventoryUnit, InventoryUnit]>;
  /** The part's units in the per-part listing form. */
  listForPart(part: PartRef, options?: CallOptions): Promise<ListedInventoryUnit[]>;
}

/** A unit's history (an extension): oldest first; the whole of it, a page, or every page in turn. */
export interface InventoryRecordsGroup {
  list(partId: number, unitId: number, options?: CallOptions): Promise<InventoryRecord[]>;
  page(partId: number, unitId: number, request?: PageRequest & CallOptions): Promise<Page<InventoryRecord>>;
  all(partId: number, unitId: number, options?: { readonly per_page?: number } & CallOptions): AsyncGenerator<InventoryRecord, void, undefined>;
}

/** `field0`, `comparison0`, `term0`, … as DESIGN 3 numbers them. */
function searchParameters(terms: readonly SearchTerm[] = []): Query {
  return Object.fromEntries(
    terms.flatMap((term, n) => [
      [`field${n}`, term.field],
      [`comparison${n}`, term.comparison],
      [`term${n}`, term.term],
    ]),
  );
}

/** A split's answer: the original unit, then the new one; a small document, read whole. */
const splitPair: Decoder<[InventoryUnit, InventoryUnit]> = (value, at) => {
  const units = list(inventoryUnit)(value, at);
  const [original, created] = units;
  if (units.length !== 2 || !original || !created) throw new DecodeError(at, 'the original unit and the new one', value);
  return [original, created];
};

export function inventoryUnitsGroup(transport: Transport): InventoryUnitsGroup {
  const routes = operations.inventoryUnits;
  const at = (part_id: number, id: number) => ({ part_id, id });
  const unitCall = (partId: number, id: number, input: object, options: CallOptions | undefined) => ({
    params: at(partId, id),
    body: { root: 'inventory_unit', fields: input },
    options,
  });
  const searchPage = (terms: readonly SearchTerm[] | undefined, request: PageRequest, options: CallOptions, route = routes.search) =>
    transport.page(
      route,
      { query: { ...searchParameters(terms), page: request.page ?? 1, per_page: request.per_page }, options },
      'inventory_units',
      'inventory_unit',
      searchedInventoryUnit,
    );
  return {
    search: (query) => {
      const { call, rest } = splitCallOptions<SearchQuery & PageRequest>(query);
      return searchPage(rest.terms, { page: rest.page, per_page: rest.per_page }, call);
    },
    searchAll: (query) => {
      const { call, rest } = splitCallOptions<SearchQuery & { readonly per_page?: number }>(query);
      return walkPages((page) => searchPage(rest.terms, { page, per_page: rest.per_page ?? ITERATION_PER_PAGE }, call, routes.searchAll));
    },
    show: (partId, id, options) => transport.document(routes.show, { params: at(partId, id), options }, 'inventory_unit', inventoryUnit),
    update: (partId, id, input, options) => transport.document(routes.update, unitCall(partId, id, input, options), 'inventory_unit', inventoryUnit),
    adjustQuantity: (partId, id, input, options) =>
      transport.document(routes.adjustQuantity, unitCall(partId, id, input, options), 'inventory_unit', inventoryUnit),
    create: (partId, input, options) =>
      transport.document(routes.create, { params: { part_id: partId }, body: { root: 'inventory_unit', fields: input }, options }, 'inventory_unit', inventoryUnit),
    move: (partId, id, input, options) => transport.document(routes.move, unitCall(partId, id, input, options), 'inventory_unit', inventoryUnit),
    split: (partId, id, input, options) => transport.document(routes.split, unitCall(partId, id, input, options), 'inventory_units', splitPair),
    listForPart: async (ref, options) =>
      collect((await transport.list(routes.listForPart, { ...partPath(ref), options }, 'inventory_units', 'inventory_unit', listedInventoryUnit)).items),
  };
}

export function inventoryRecordsGroup(transport: Transport): InventoryRecordsGroup {
  const reader = pagedReader(transport, operations.inventoryRecords, 'inventory_records', 'inventory_record', inventoryRecord);
  const at = (part_id: number, id: number) => ({ part_id, id });
  return {
    list: (partId, unitId, options) => reader.list(at(partId, unitId), {}, options ?? {}),
    page: (partId, unitId, request) => {
      const { call, rest } = splitCallOptions<PageRequest>(request);
      return reader.page(at(partId, unitId), {}, rest, call);
    },
    all: (partId, unitId, options) => {
      const { call, rest } = splitCallOptions<{ readonly per_page?: number }>(options);
      return reader.all(at(partId, unitId), {}, rest.per_page, call);
    },
  };
}
