import { many, ref } from '../../read-plan';

/**
 * The last line of the bill of the revision entry `walkAssembly` finds (`addWalkEntries`), by
 * position: the new line goes one past it. Ties broken by id in the same direction, so the index
 * on a bill's order (`part_revision_id, position, id`) gives the line at once: the store's own
 * tie-break (id ascending) made PostgreSQL sort every line of the bill where it had no statistics.
 */
export const LAST_LINE = {
  last: many('subpart', { part_revision_id: ref('walkAssembly', 'id') }, { orderBy: [['position', 'desc'], ['id', 'desc']], limit: 1, columns: ['position'] }),
};
