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
  list(partId: number): Promise<PartRevision[]>;
  show(partId: number, id: number): Promise<RevisionShow>;
  /** The parts whose current revision uses this one. */
  partAncestors(partId: number, id: number): Promise<PartAncestor[]>;
  /** A new draft copied from revision `sourceId` (its bill too, unless `copy_subparts` is false). */
  create(partId: number, sourceId: number, input?: RevisionCreateInput, options?: { readonly copy_subparts?: boolean }): Promise<RevisionShow>;
  delete(partId: number, id: number): Promise<void>;
  /** Lines added to a draft's bill; a failing item is a 400 whose error lists `items`. */
  addSubparts(partId: number, id: number, input: AddSubpartsInput): Promise<RevisionShow>;
  release(partId: number, id: number, input?: ReleaseInput, options?: { readonly bypass_part_ancestor_up_rev_guard?: boolean }): Promise<void>;
  /** The bill exploded to every level (or `levels`), with its cost rolled up (an extension). */
  bom(partId: number, id: number, options?: { readonly levels?: number | 'all' }): Promise<Bom>;
}

/** SPEC 4.4: one line of a draft's bill. */
export interface SubpartsGroup {
  create(input: SubpartCreateInput): Promise<Subpart>;
  update(id: number, input: SubpartUpdateInput): Promise<Subpart>;
  delete(id: number): Promise<void>;
}

export function revisionsGroup(transport: Transport): RevisionsGroup {
  const routes = operations.revisions;
  const at = (part_id: number, id: number) => ({ params: { part_id, id } });
  return {
    list: async (partId) => collect((await transport.list(routes.list, { params: { part_id: partId } }, 'part_revisions', 'part_revision', partRevision)).items),
    show: (partId, id) => transport.document(routes.show, at(partId, id), 'part_revision', revisionShow),
    partAncestors: async (partId, id) => collect((await transport.list(routes.partAncestors, at(partId, id), 'part_ancestors', 'part', partAncestor)).items),
    create: (partId, sourceId, input, options) => {
      const call = {
        params: { part_id: partId },
        query: { id: sourceId, copy_subparts: options?.copy_subparts },
        body: { root: 'part_revision', fields: input ?? {} },
      };
      return transport.document(routes.create, call, 'part_revision', revisionShow);
    },
    delete: (partId, id) => transport.empty(routes.delete, at(partId, id)),
    addSubparts: (partId, id, input) =>
      transport.document(routes.addSubparts, { ...at(partId, id), body: { root: 'part_revision', fields: input } }, 'part_revision', revisionShow),
    release: (partId, id, input, options) => {
      // Only `true` lets ancestors be up-revised; anything else counts as absent, so false is not sent.
      const query = { bypass_part_ancestor_up_rev_guard: options?.bypass_part_ancestor_up_rev_guard ? 'true' : undefined };
      return transport.empty(routes.release, { ...at(partId, id), query, ...(input && { body: { root: 'part_revision', fields: input } }) });
    },
    bom: (partId, id, options) => transport.document(routes.bom, { ...at(partId, id), query: { levels: options?.levels } }, 'bom', bom),
  };
}

export function subpartsGroup(transport: Transport): SubpartsGroup {
  const routes = operations.subparts;
  return {
    create: (input) => transport.document(routes.create, { body: { root: 'subpart', fields: input } }, 'subpart', subpart),
    update: (id, input) => transport.document(routes.update, { params: { id }, body: { root: 'subpart', fields: input } }, 'subpart', subpart),
    delete: (id) => transport.empty(routes.delete, { params: { id } }),
  };
}
