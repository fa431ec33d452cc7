import { groupBy } from '../group-by';
import { many, ref, type PlanMany } from '../read-plan';
import type { Part, PartRevision, PartRevisionAttribute } from '../records';
import { inDefinedOrder } from './custom-attributes';

/** A revision with its custom attributes, in the order they were defined. */
export interface RevisionView {
  readonly revision: PartRevision;
  readonly attributes: readonly PartRevisionAttribute[];
}

/** A part as the list shows it: with its active revision (null only for a part without one). */
export interface PartListItem {
  readonly part: Part;
  readonly activeRevision: RevisionView | null;
}

/** A list batch's plan: `page` (the parts), their active revisions and those revisions' attributes. */
export function listItemsPlan<P extends PlanMany<'part'>>(page: P) {
  return {
    page,
    revisions: many('part_revision', { id: ref('page', 'active_revision_id') }),
    attributes: many('part_revision_attribute', { part_revision_id: ref('revisions', 'id') }),
  };
}

/** The list items of a loaded `listItemsPlan`: every part with its active revision. */
export function listItems(loaded: {
  page: Part[];
  revisions: PartRevision[];
  attributes: PartRevisionAttribute[];
}): PartListItem[] {
  const attributesOf = groupBy(loaded.attributes, (a) => a.part_revision_id, (a) => a);
  const revisions = new Map(
    loaded.revisions.map((revision) => [revision.id, { revision, attributes: inDefinedOrder(attributesOf(revision.id)) }]),
  );
  return loaded.page.map((part) => ({
    part,
    activeRevision: part.active_revision_id === null ? null : (revisions.get(part.active_revision_id) ?? null),
  }));
}
