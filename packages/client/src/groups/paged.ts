import type { Decoder } from '../codec/decoders';
import type { Route } from '../operations';
import { ITERATION_PER_PAGE, walkPages, type Page, type PageRequest } from '../pagination';
import { collect, type Transport } from '../transport/transport';
import type { PathParams, Query } from '../transport/url';

/** The three ways to read a list that pages, for one set of path parameters and filters. */
export interface PagedReader<T> {
  /** Every record in one answer, without `page`: the server streams it, and the client reads it item by item. */
  list(params: PathParams, filter: object): Promise<T[]>;
  /** One page and its `X-Pagination` (page 1 unless told). */
  page(params: PathParams, filter: object, request: PageRequest): Promise<Page<T>>;
  /** Every record, a page at a time (`per_page` 100 unless told), each page asked for when the last is used up. */
  all(params: PathParams, filter: object, perPage?: number): AsyncGenerator<T, void, undefined>;
}

export function pagedReader<T>(
  transport: Transport,
  routes: { readonly list: Route; readonly page: Route; readonly all: Route },
  root: string,
  item: string,
  decode: Decoder<T>,
): PagedReader<T> {
  // Filters are plain objects of query values (their types are the groups'); paging is added beside them.
  const readPage = (route: Route, params: PathParams, filter: object, request: PageRequest) =>
    transport.page(route, { params, query: { ...(filter as Query), page: request.page ?? 1, per_page: request.per_page } }, root, item, decode);
  return {
    list: async (params, filter) => collect((await transport.list(routes.list, { params, query: filter as Query }, root, item, decode)).items),
    page: (params, filter, request) => readPage(routes.page, params, filter, request),
    all: (params, filter, perPage = ITERATION_PER_PAGE) => walkPages((page) => readPage(routes.all, params, filter, { page, per_page: perPage })),
  };
}

/** What a paged group's functions take: the filters, and for one page or a walk, the paging. */
export type PageOptions<F> = F & PageRequest;
export type WalkOptions<F> = F & { readonly per_page?: number };

/** Splits paging from filters, so filters go as they are and paging as the reader sends it. */
export function splitPaging<F extends object>(options: (F & PageRequest) | undefined): { filter: F; request: PageRequest } {
  const { page, per_page, ...filter } = (options ?? {}) as F & PageRequest;
  return { filter: filter as F, request: { page, per_page } };
}

/** The list functions of a group whose list has no path parameters, only filters (parts, purchase orders). */
export interface FilteredLists<T, F extends object> {
  list(filter?: F): Promise<T[]>;
  page(options?: PageOptions<F>): Promise<Page<T>>;
  all(options?: WalkOptions<F>): AsyncGenerator<T, void, undefined>;
}

export function filteredLists<T, F extends object>(reader: PagedReader<T>): FilteredLists<T, F> {
  return {
    list: (filter) => reader.list({}, filter ?? {}),
    page: (options) => {
      const { filter, request } = splitPaging<F>(options);
      return reader.page({}, filter, request);
    },
    all: (options) => {
      const { per_page, ...filter } = options ?? ({} as WalkOptions<F>);
      return reader.all({}, filter, per_page);
    },
  };
}
