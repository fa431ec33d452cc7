import { errors, messages } from '../../errors';
import type { Tx } from '../../ports';
import type { Part, PartRevision, Subpart } from '../../records';
import type { ChildRef, SubpartInput } from './subpart-input';

/** A bill's assembly: the part, and its revision, read locked so a release waits for the change (or it for the release). */
export interface Assembly {
  readonly part: Part;
  readonly revision: PartRevision;
}

/** A line's child: the part and the revision of it the line uses. */
export interface Child {
  readonly part: Part;
  readonly revisionId: number;
}

/**
 * The assembly a create names: its revision (which must be the part's, when both are given), else
 * the part's draft. A field naming nothing is a 400; a part without a draft a 422.
 */
export async function lockAssembly(tx: Tx, given: SubpartInput['assembly']): Promise<Assembly> {
  if (given.revisionId !== null) {
    const revision = await tx.repo('part_revision').get(given.revisionId, { lock: true });
    if (!revision) throw errors.invalid([messages.mustExist('part_revision_id')]);
    if (given.partId !== null && given.partId !== revision.part_id) throw errors.invalid([messages.revisionNotOfPart()]);
    const part = await tx.repo('part').get(revision.part_id);
    if (!part) throw errors.invalid([messages.mustExist('part_id')]);
    return { part, revision };
  }
  const part = await tx.repo('part').get(given.partId as number);
  if (!part) throw errors.invalid([messages.mustExist('part_id')]);
  const [draft] = await tx.repo('part_revision').find({ part_id: part.id, status: 'Draft' }, { lock: true, limit: 1 });
  if (!draft) throw errors.unprocessable([messages.noDraft(part.partnumber)]);
  return { part, revision: draft };
}

/** The revision a line sits on, locked, for a change or removal of the line. */
export async function lockLineAssembly(tx: Tx, line: Subpart): Promise<Assembly> {
  const revision = await tx.repo('part_revision').get(line.part_revision_id, { lock: true });
  const part = await tx.repo('part').get(line.part_id);
  if (!revision || !part) throw errors.notFound('Subpart', line.id);
  return { part, revision };
}

/** The child a request names; a 400 with SPEC 7's messages when it names none. */
export async function findChild(tx: Tx, ref: ChildRef): Promise<Child> {
  const invalidPart = () => errors.invalid([messages.invalidSubpart()]);
  if (ref.by === 'revision') {
    const revision = await tx.repo('part_revision').get(ref.revisionId);
    const part = revision && (await tx.repo('part').get(revision.part_id));
    if (!revision || !part) throw errors.invalid([messages.invalidSubpartRevision()]);
    return { part, revisionId: revision.id };
  }
  let part: Part | null;
  if (ref.by === 'part') part = await tx.repo('part').get(ref.partId);
  else if (ref.by === 'partnumber') part = await tx.repo('part').findOne({ partnumber: ref.value });
  else {
    // A manufacturer part number is not unique: it names a child only when exactly one part has it.
    const found = await tx.repo('part').find({ manufacturer_pn: ref.value }, { limit: 2 });
    part = found.length === 1 ? found[0]! : null;
  }
  if (!part) throw invalidPart();
  if (part.active_revision_id === null) throw errors.invalid([messages.invalidSubpartRevision()]);
  return { part, revisionId: part.active_revision_id };
}

/** The next position on a revision's bill: one past its last. */
export async function nextPosition(tx: Tx, revisionId: number): Promise<number> {
  const [last] = await tx.repo('subpart').find({ part_revision_id: revisionId }, { orderBy: [['position', 'desc']], limit: 1 });
  return (last?.position ?? 0) + 1;
}
