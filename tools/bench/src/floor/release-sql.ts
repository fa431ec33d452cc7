import { BILL_STRUCTURE_KEY } from './bill-line-sql';
import { fieldsOf, insertEvents } from './event-write-sql';
import type { Statement } from './sql';

/**
 * The floor's release: PIPS's locks first, in the statement that begins the transaction (the part
 * and every part holding a line listing it, in id order; the part's revisions and those parts'
 * drafts, in id order; then the bill-structure lock every bill write takes); then one statement
 * that releases the draft, obsoletes the active revision, makes the draft the part's, re-points
 * the ancestors' drafts and gives the ancestors without one a new draft copied from their current
 * revision (its attributes and lines, the part's lines pointed at the release), unless a line
 * below the release lists an ancestor (a part containing itself), and writes the release's event
 * and each new draft's, as PIPS does; then COMMIT, all in one round trip (`db.ts`).
 */

/** The locks for releasing a revision of part `partId` (a whole number: it is written into the SQL). */
export function releaseLocks(partId: number): string {
  if (!Number.isSafeInteger(partId) || partId < 1) throw new Error(`not a part id: ${partId}`);
  const holders = `SELECT part_id FROM subpart WHERE subpart_id = ${partId}`;
  return (
    `SELECT id FROM part WHERE id = ${partId} OR id IN (${holders}) ORDER BY id FOR UPDATE; ` +
    `SELECT id FROM part_revision WHERE part_id = ${partId} OR (part_id IN (${holders}) AND status = 'Draft') ORDER BY id FOR UPDATE; ` +
    `SELECT pg_advisory_xact_lock(${BILL_STRUCTURE_KEY})`
  );
}

/** An ancestor's new draft's fields as its event's payload holds them. */
const DRAFT_FIELDS = [
  'part_id', 'revision_name', 'revision_description', 'creator_id', 'released_at', 'releasor_id', 'comment', 'description', 'rohs', 'status',
  'created_at', 'updated_at',
];

/**
 * Release revision $2 of part $1, released by its creator (the bench's token made it). A new
 * ancestor draft is named after its current revision's one-letter name (`A` → `B`), as the bench's
 * parts are named. No row: the revision is not a draft of the part, or the release would make a
 * part contain itself.
 */
export const RELEASE_REVISION: Statement = {
  name: 'floor_release_revision',
  text: `WITH RECURSIVE draft AS (SELECT id, creator_id FROM part_revision WHERE id = $2 AND part_id = $1 AND status = 'Draft'),
ancestor AS (SELECT DISTINCT p.id, p.active_revision_id FROM part p JOIN subpart s ON s.part_id = p.id AND s.part_revision_id = p.active_revision_id
  WHERE s.subpart_id = $1),
ancestor_draft AS (SELECT r.id, r.part_id FROM part_revision r JOIN ancestor a ON r.part_id = a.id WHERE r.status = 'Draft'),
below(revision_id) AS (SELECT id FROM draft UNION SELECT s.subpart_part_revision_id FROM subpart s JOIN below b ON s.part_revision_id = b.revision_id),
ok AS (SELECT d.id, d.creator_id FROM draft d WHERE NOT EXISTS (SELECT 1 FROM subpart s JOIN below b ON s.part_revision_id = b.revision_id
  WHERE s.subpart_id IN (SELECT id FROM ancestor))),
obsolete AS (UPDATE part_revision SET status = 'Obsolete', updated_at = now()
  WHERE part_id = $1 AND status = 'Active' AND id <> $2 AND EXISTS (SELECT 1 FROM ok)),
released AS (UPDATE part_revision r SET status = 'Active', released_at = now(), releasor_id = ok.creator_id, updated_at = now()
  FROM ok WHERE r.id = ok.id RETURNING r.id, r.part_id, r.status, r.released_at, r.releasor_id, r.updated_at, ok.creator_id),
moved AS (UPDATE part SET active_revision_id = $2, updated_at = now() WHERE id = $1 AND EXISTS (SELECT 1 FROM released)),
repointed AS (UPDATE subpart s SET subpart_part_revision_id = $2, updated_at = now() FROM ancestor_draft d
  WHERE s.part_revision_id = d.id AND s.subpart_id = $1 AND s.subpart_part_revision_id <> $2 AND EXISTS (SELECT 1 FROM released)),
new_draft AS (INSERT INTO part_revision (part_id, revision_name, revision_description, creator_id, released_at, releasor_id, comment, description,
    rohs, status, created_at, updated_at)
  SELECT c.part_id, chr(ascii(c.revision_name) + 1), NULL, r.creator_id, NULL, NULL, c.comment, c.description, c.rohs, 'Draft', now(), now()
  FROM released r, ancestor a JOIN part_revision c ON c.id = a.active_revision_id
  WHERE NOT EXISTS (SELECT 1 FROM ancestor_draft d WHERE d.part_id = a.id) ORDER BY a.id RETURNING *),
copied_attributes AS (INSERT INTO part_revision_attribute (part_revision_id, name, value, value_text, position)
  SELECT n.id, t.name, t.value, t.value_text, t.position FROM new_draft n JOIN ancestor a ON a.id = n.part_id
  JOIN part_revision_attribute t ON t.part_revision_id = a.active_revision_id),
copied_lines AS (INSERT INTO subpart (part_id, part_revision_id, subpart_id, subpart_part_revision_id, quantity, build_sequence, designator,
    no_load, comment, position, created_at, updated_at)
  SELECT n.part_id, n.id, s.subpart_id, CASE WHEN s.subpart_id = $1 THEN $2 ELSE s.subpart_part_revision_id END, s.quantity, s.build_sequence,
    s.designator, s.no_load, s.comment, s.position, now(), now()
  FROM new_draft n JOIN ancestor a ON a.id = n.part_id JOIN subpart s ON s.part_revision_id = a.active_revision_id),
evented AS (${insertEvents({
    type: 'revision.released',
    collection: "'part/' || r.part_id || '/revision'",
    recordId: 'r.id',
    payload: fieldsOf('r', ['status', 'released_at', 'releasor_id', 'updated_at'], {
      up_revised_part_ids: "(SELECT COALESCE(json_agg(a.id ORDER BY a.id), '[]'::json) FROM ancestor a)",
    }),
    from: 'released r',
  }, {
    type: 'revision.created',
    collection: "'part/' || n.part_id || '/revision'",
    recordId: 'n.id',
    payload: fieldsOf('n', DRAFT_FIELDS, { up_revised_for: 'r.id' }),
    from: 'new_draft n, released r',
  })})
SELECT id FROM released`,
};
