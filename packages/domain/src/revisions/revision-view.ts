import { groupBy } from '../group-by';
import { errors } from '../errors';
import { inDefinedOrder } from '../parts/custom-attributes';
import type { RevisionView } from '../parts/part-list-item';
import type { ReadTx } from '../ports';
import { many, one, ref } from '../read-plan';
import type { Part, PartRevision, Subpart } from '../records';
import { billLines, currentUses, usedOnEntries } from './bill-lines';

/** A revision as its show answers it (SPEC 2.14): with its part and its bill, in order. */
export interface RevisionShowView extends RevisionView {
  readonly part: Part;
  readonly subparts: readonly Subpart[];
}

/** A part as a where-used list names it (SPEC 2.15). */
export type PartSummary = Pick<Part, 'id' | 'partnumber' | 'manufacturer_pn'>;

const partEntry = (partId: number) => one('part', { id: partId });
const revisionEntry = (revisionId: number) => one('part_revision', { id: revisionId, part_id: ref('part', 'id') });

/** The part `partId` names, or its 404. */
function requirePart(part: Part | null, partId: number): Part {
  if (!part) throw errors.notFound('Part', partId);
  return part;
}

/** The revision `revisionId` names, which must be one of the part's: another part's is a 404 too. */
function requireRevision(revision: PartRevision | null, revisionId: number): PartRevision {
  if (!revision) throw errors.notFound('PartRevision', revisionId);
  return revision;
}

/** Every revision of part `partId` with its attributes, oldest first: one statement. */
export async function readRevisions(tx: ReadTx, partId: number): Promise<RevisionView[]> {
  const loaded = await tx.load({
    part: partEntry(partId),
    revisions: many('part_revision', { part_id: ref('part', 'id') }),
    attributes: many('part_revision_attribute', { part_revision_id: ref('revisions', 'id') }),
  });
  requirePart(loaded.part, partId);
  const attributesOf = groupBy(loaded.attributes, (a) => a.part_revision_id, (a) => a);
  return loaded.revisions.map((revision) => ({ revision, attributes: inDefinedOrder(attributesOf(revision.id)) }));
}

/** Revision `revisionId` of part `partId`, with its part, attributes and bill: one statement. */
export async function readRevision(tx: ReadTx, partId: number, revisionId: number): Promise<RevisionShowView> {
  const loaded = await tx.load({
    part: partEntry(partId),
    revision: revisionEntry(revisionId),
    attributes: many('part_revision_attribute', { part_revision_id: ref('revision', 'id') }),
    lines: billLines(ref('revision', 'id')),
  });
  const part = requirePart(loaded.part, partId);
  const revision = requireRevision(loaded.revision, revisionId);
  return { part, revision, attributes: inDefinedOrder(loaded.attributes), subparts: loaded.lines };
}

/**
 * Where part `partId` is used (SPEC 4.7 part_ancestors): the parts whose current revision lists
 * it, whichever of its revisions the line names, in id order. The revision in the path must be
 * one of the part's.
 */
export async function readPartAncestors(tx: ReadTx, partId: number, revisionId: number): Promise<PartSummary[]> {
  const loaded = await tx.load({
    part: partEntry(partId),
    revision: revisionEntry(revisionId),
    ...usedOnEntries(ref('part', 'id')),
    holders: many('part', { id: ref('usedOnLines', 'part_id') }, { columns: ['id', 'partnumber', 'manufacturer_pn'] }),
  });
  requirePart(loaded.part, partId);
  requireRevision(loaded.revision, revisionId);
  const using = new Set(currentUses(loaded).map((line) => line.part_id));
  return loaded.holders.filter((holder) => using.has(holder.id));
}
