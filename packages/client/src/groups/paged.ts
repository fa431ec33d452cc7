import { splitCallOptions, type CallOptions } from '../call-options';
import type { Decoder } from '../codec/decoders';
import type { Route } from '../operations';
import { ITERATION_PER_PAGE, walkPages, type Page, type PageRequest } from '../pagination';
import { collect, type Transport } from '../transport/transport';
import type { PathParams, Query } from '../transport/url';

/** The three ways to read a list that pages, for one set of path parameters and filters. */
export interface PagedReader<T> {
  /** Every record in one answer, without `page`: the server streams it, and the client reads it item by item. */
  list(params: PathParams, filter: object, call: CallOptions): Promise<T[]>;
  /** One page and its `X-Pagination` (page 1 unless told). */
  page(params: PathParams, filter: object, request: PageRequest, call: CallOptions): Promise<Page<T>>;
  /** Every record, a page at a time (`per_page` 100 unless told), each page asked for when the last is used up; `call` holds for each page. */
  all(params: PathParams, filter: object, perPage: number | undefined, call: CallOptions): AsyncGenerator<T, void, undefined>;
}

export function pagedReader<T>(
  transport: Transport,
  routes: { readonly list: Route; readonly page: Route; readonly all: Route },
  root: string,
  item: string,
  decode: Decoder<T>,
): PagedReader<T> {
  // Filters are plain objects of query values (their types are the groups'); paging is added beside them.
  const readPage = (route: Route, params: PathParams, filter: object, request: PageRequest, options: CallOptions) =>
    transport.page(route, { params, query: { ...(filter as Query), page: request.page ?? 1, per_page: request.per_page }, options }, root, item, decode);
  return {
    list: async (params, filter, options) => collect((await transport.list(routes.list, { params, query: filter as Query, options }, root, item, decode)).items),
    page: (params, filter, request, options) => readPage(routes.page, params, filter, request, options),
    all: (params, filter, perPage = ITERATION_PER_PAGE, options) =>
      walkPages((page) => readPage(routes.all, params, filter, { page, per_page: perPage }, options)),
  };
}

/** What a paged group's functions take: the filters, and for one page or a walk, the paging; and the call options. */
export type PageOptions<F> = F & PageRequest & CallOptions;
export type WalkOptions<F> = F & { readonly per_page?: number } & CallOptions;

/** Splits paging and call options from filters, so filters go as they are and paging as the reader sends it. */
export function splitPaging<F extends object>(options: PageOptions<F> | undefined): { filter: F; request: PageRequest; call: CallOptions } {
  const { call, rest } = splitCallOptions<F & PageRequest>(options);
  const { page, per_page, ...filter } = rest;
  return { filter: filter as F, request: { page, per_page }, call };
}

/** The list functions of a group whose list has no path parameters, only filters (parts, purchase orders). */
export interface FilteredLists<T, F extends object> {
  list(filter?: F & CallOptions): Promise<T[]>;
  page(options?: PageOptions<F>): Promise<Page<T>>;
  all(options?: WalkOptions<F>): AsyncGenerator<T, void, undefined>;
}

export function filteredLists<T, F extends object>(reader: PagedReader<T>): FilteredLists<T, F> {
  return {
    list: (options) => {
      const { call, rest } = splitCallOptions<F>(options);
      return reader.list({}, rest, call);
    },
    page: (options) => {
      const { filter, request, call } = splitPaging<F>(options);
      return reader.page({}, filter, request, call);
    },
    all: (options) => {
      const { call, rest } = splitCallOptions<F & { readonly per_page?: number }>(options);
      const { per_page, ...filter } = rest;
      return reader.all({}, filter, per_page, call);
    },
  };
}
