import { splitCallOptions, type CallOptions } from '../call-options';
import { operations } from '../operations';
import { part, partListItem } from '../shapes/parts';
import type { Transport } from '../transport/transport';
import type { PartCreateInput, PartRef, PartUpdateInput } from '../types/part-inputs';
import type { Part, PartListItem, UpdatedOnFilter } from '../types/parts';
import { filteredLists, pagedReader, type FilteredLists } from './paged';

/** The part list's filter (SPEC 4.6): parts updated at or after a time, `{ filter: { updated_on: { gte: '…' } } }`. */
export interface PartListFilter {
  readonly filter?: UpdatedOnFilter;
}

/** Which revision a show or update is about: the active one unless `revision_id` names another. */
export interface RevisionChoice {
  readonly revision_id?: number;
}

/** SPEC 4.6: parts. */
export interface PartsGroup extends FilteredLists<PartListItem, PartListFilter> {
  show(part: PartRef, options?: RevisionChoice & CallOptions): Promise<Part>;
  create(input: PartCreateInput, options?: CallOptions): Promise<Part>;
  update(part: PartRef, input: PartUpdateInput, options?: RevisionChoice & CallOptions): Promise<Part>;
  delete(part: PartRef, options?: CallOptions): Promise<void>;
}

/** The path's `:id` and query for a part named by id or by part number (`find_by=partnumber`). */
export function partPath(ref: PartRef): { params: { id: number | string }; query: { find_by?: string } } {
  return typeof ref === 'number' ? { params: { id: ref }, query: {} } : { params: { id: ref.partnumber }, query: { find_by: 'partnumber' } };
}

export function partsGroup(transport: Transport): PartsGroup {
  const routes = operations.parts;
  const reader = pagedReader(transport, routes, 'parts', 'part', partListItem);
  return {
    ...filteredLists<PartListItem, PartListFilter>(reader),
    show: (ref, options) => {
      const { params, query } = partPath(ref);
      const { call, rest } = splitCallOptions<RevisionChoice>(options);
      return transport.document(routes.show, { params, query: { ...query, revision_id: rest.revision_id }, options: call }, 'part', part);
    },
    create: (input, options) => transport.document(routes.create, { body: { root: 'part', fields: input }, options }, 'part', part),
    update: (ref, input, options) => {
      const { params, query } = partPath(ref);
      const { call, rest } = splitCallOptions<RevisionChoice>(options);
      return transport.document(routes.update, { params, query: { ...query, revision_id: rest.revision_id }, body: { root: 'part', fields: input }, options: call }, 'part', part);
    },
    delete: (ref, options) => transport.empty(routes.delete, { ...partPath(ref), options }),
  };
}
