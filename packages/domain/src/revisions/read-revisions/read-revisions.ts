import type { Context } from '../../context';
import type { RevisionView } from '../../parts/part-list-item';
import { readPartAncestors, readRevision, readRevisions, type PartSummary, type RevisionShowView } from '../revision-view';

/** SPEC 4.7: a part's revisions, oldest first. A valid token is enough; one statement. */
export function listRevisions(ctx: Context, partId: number): Promise<RevisionView[]> {
  return ctx.store.read((tx) => readRevisions(tx, partId));
}

/** SPEC 4.7: one revision of a part, with its part summary and its bill. */
export function showRevision(ctx: Context, partId: number, revisionId: number): Promise<RevisionShowView> {
  return ctx.store.read((tx) => readRevision(tx, partId, revisionId));
}

/** SPEC 4.7 part_ancestors: the parts whose current revision lists the part. */
export function listPartAncestors(ctx: Context, partId: number, revisionId: number): Promise<PartSummary[]> {
  return ctx.store.read((tx) => readPartAncestors(tx, partId, revisionId));
}
