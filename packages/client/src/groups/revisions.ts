import { splitCallOptions, type CallOptions } from '../call-options';
import { operations } from '../operations';
import { partAncestor, partRevision, revisionShow, subpart } from '../shapes/parts';
import { bom } from '../shapes/revisions';
import { collect, type Transport } from '../transport/transport';
import type {
  AddSubpartsInput,
  ReleaseInput,
  RevisionCreateInput,
  SubpartCreateInput,
  SubpartUpdateInput,
} from '../types/part-inputs';
import type { PartAncestor, PartRevision, RevisionShow, Subpart } from '../types/parts';
import type { Bom } from '../types/revisions';

/** SPEC 4.7: a part's revisions, by the part's id and the revision's. */
export interface RevisionsGroup {
  list(partId: number, options?: CallOptions): Promise<PartRevision[]>;
  show(partId: number, id: number, options?: CallOptions): Promise<RevisionShow>;
  /** The parts whose current revision uses this one. */
  partAncestors(partId: number, id: number, options?: CallOptions): Promise<PartAncestor[]>;
  /** A new draft copied from revision `sourceId` (its bill too, unless `copy_subparts` is false). */
  create(
    partId: number,
    sourceId: number,
    input?: RevisionCreateInput,
    options?: { readonly copy_subparts?: boolean } & CallOptions,
  ): Promise<RevisionShow>;
  delete(partId: number, id: number, options?: CallOptions): Promise<void>;
  /** Lines added to a draft's bill; a failing item is a 400 whose error lists `items`. */
  addSubparts(partId: number, id: number, input: AddSubpartsInput, options?: CallOptions): Promise<RevisionShow>;
  release(partId: number, id: number, input?: ReleaseInput, options?: { readonly bypass_part_ancestor_up_rev_guard?: boolean } & CallOptions): Promise<void>;
  /** The bill exploded to every level (or `levels`), with its cost rolled up (an extension). */
  bom(partId: number, id: number, options?: { readonly levels?: number | 'all' } & CallOptions): Promise<Bom>;
}

/** SPEC 4.4: one line of a draft's bill. */
export interface SubpartsGroup {
  create(input: SubpartCreateInput, options?: CallOptions): Promise<Subpart>;
  update(id: number, input: SubpartUpdateInput, options?: CallOptions): Promise<Subpart>;
  delete(id: number, options?: CallOptions): Promise<void>;
}

export function revisionsGroup(transport: Transport): RevisionsGroup {
  const routes = operations.revisions;
  const at = (part_id: number, id: number, options: CallOptions | undefined) => ({ params: { part_id, id }, options });
  return {
    list: async (partId, options) =>
      collect((await transport.list(routes.list, { params: { part_id: partId }, options }, 'part_revisions', 'part_revision', partRevision)).items),
    show: (partId, id, options) => transport.document(routes.show, at(partId, id, options), 'part_revision', revisionShow),
    partAncestors: async (partId, id, options) =>
      collect((await transport.list(routes.partAncestors, at(partId, id, options), 'part_ancestors', 'part', partAncestor)).items),
    create: (partId, sourceId, input, options) => {
      const { call, rest } = splitCallOptions<{ readonly copy_subparts?: boolean }>(options);
      return transport.document(
        routes.create,
        { params: { part_id: partId }, query: { id: sourceId, copy_subparts: rest.copy_subparts }, body: { root: 'part_revision', fields: input ?? {} }, options: call },
        'part_revision',
        revisionShow,
      );
    },
    delete: (partId, id, options) => transport.empty(routes.delete, at(partId, id, options)),
    addSubparts: (partId, id, input, options) =>
      transport.document(routes.addSubparts, { ...at(partId, id, options), body: { root: 'part_revision', fields: input } }, 'part_revision', revisionShow),
    release: (partId, id, input, options) => {
      const { call, rest } = splitCallOptions<{ readonly bypass_part_ancestor_up_rev_guard?: boolean }>(options);
      // Only `true` lets ancestors be up-revised; anything else counts as absent, so false is not sent.
      const query = { bypass_part_ancestor_up_rev_guard: rest.bypass_part_ancestor_up_rev_guard ? 'true' : undefined };
      return transport.empty(routes.release, { ...at(partId, id, call), query, ...(input && { body: { root: 'part_revision', fields: input } }) });
    },
    bom: (partId, id, options) => {
      const { call, rest } = splitCallOptions<{ readonly levels?: number | 'all' }>(options);
      return transport.document(routes.bom, { ...at(partId, id, call), query: { levels: rest.levels } }, 'bom', bom);
    },
  };
}

export function subpartsGroup(transport: Transport): SubpartsGroup {
  const routes = operations.subparts;
  return {
    create: (input, options) => transport.document(routes.create, { body: { root: 'subpart', fields: input }, options }, 'subpart', subpart),
    update: (id, input, options) => transport.document(routes.update, { params: { id }, body: { root: 'subpart', fields: input }, options }, 'subpart', subpart),
    delete: (id, options) => transport.empty(routes.delete, { params: { id }, options }),
  };
}
