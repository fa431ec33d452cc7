import { fieldsOf, insertEvents } from './event-write-sql';
import type { Statement } from './sql';
import { dec } from './sql-text';

/**
 * The floor's bill line: PIPS's locks first, in the statement that begins the transaction (the
 * assembly's draft revision `FOR UPDATE`, then the bill-structure lock every bill write takes, its
 * key the store's), so the write that follows sees every line committed before it; then one
 * statement that walks the bill below the child, adds the line last in the order unless the
 * assembly is down there (a part containing itself), touches the revision and writes the line's
 * event; then COMMIT. All three go in one round trip (`db.ts`).
 */

/** The advisory lock PIPS's bill writes take (store-mikro-orm's `advisoryLockKeys.bill_structure`). */
export const BILL_STRUCTURE_KEY = '5785243513746620418';

/** The locks for a line on revision `revisionId` (a whole number: it is written into the SQL). */
export function billLineLocks(revisionId: number): string {
  if (!Number.isSafeInteger(revisionId) || revisionId < 1) throw new Error(`not a revision id: ${revisionId}`);
  return `SELECT id FROM part_revision WHERE id = ${revisionId} AND status = 'Draft' FOR UPDATE; SELECT pg_advisory_xact_lock(${BILL_STRUCTURE_KEY})`;
}

/** A new line's fields as its event's payload holds them. */
const LINE_FIELDS = [
  'part_id', 'part_revision_id', 'subpart_id', 'subpart_part_revision_id', 'quantity', 'build_sequence', 'designator', 'no_load', 'comment', 'position',
  'created_at', 'updated_at',
];

/**
 * Add a line: $1 the assembly's revision, $2 the child's part number, $3 quantity. No row: the
 * revision is not a draft, the child does not exist, or the line would make a loop.
 */
export const ADD_BILL_LINE: Statement = {
  name: 'floor_add_bill_line',
  text: `WITH RECURSIVE child AS (SELECT id, active_revision_id FROM part WHERE partnumber = $2),
below(revision_id) AS (SELECT active_revision_id FROM child
  UNION SELECT s.subpart_part_revision_id FROM subpart s JOIN below b ON s.part_revision_id = b.revision_id),
assembly AS (SELECT r.id, r.part_id FROM part_revision r WHERE r.id = $1 AND r.status = 'Draft'
  AND NOT EXISTS (SELECT 1 FROM below WHERE below.revision_id = r.id)),
next AS (SELECT COALESCE(max(position), 0) + 1 AS position FROM subpart WHERE part_revision_id = $1),
made AS (INSERT INTO subpart (part_id, part_revision_id, subpart_id, subpart_part_revision_id, quantity, build_sequence, designator,
    no_load, comment, position, created_at, updated_at)
  SELECT a.part_id, a.id, c.id, c.active_revision_id, $3::numeric, NULL, NULL, false, NULL, n.position, now(), now()
  FROM assembly a, child c, next n RETURNING *),
touched AS (UPDATE part_revision SET updated_at = now() WHERE id IN (SELECT part_revision_id FROM made)),
evented AS (${insertEvents({
    type: 'subpart.added',
    collection: "'part/' || m.part_id || '/revision/' || m.part_revision_id || '/subpart'",
    recordId: 'm.id',
    payload: fieldsOf('m', LINE_FIELDS),
    from: 'made m',
  })})
SELECT id, subpart_id, ${dec('quantity')} AS quantity, build_sequence, designator, comment, no_load FROM made`,
};

/** A bill line as its create answers it. */
export interface BillLineRow {
  id: number;
  subpart_id: number;
  quantity: string;
  build_sequence: number | null;
  designator: string | null;
  comment: string | null;
  no_load: boolean;
}
