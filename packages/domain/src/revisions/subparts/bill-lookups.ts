import { errors, messages } from '../../errors';
import type { ReadTx, Tx } from '../../ports';
import { many, ref } from '../../read-plan';
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

/** The assembly a path names (`/parts/:part_id/revisions/:id`): its revision locked, which must be the part's (else 404, as a read answers). */
export async function lockPathAssembly(tx: Tx, partId: number, revisionId: number): Promise<Assembly> {
  const part = await tx.repo('part').get(partId);
  if (!part) throw errors.notFound('Part', partId);
  const revision = await tx.repo('part_revision').get(revisionId, { lock: true });
  if (!revision || revision.part_id !== part.id) throw errors.notFound('PartRevision', revisionId);
  return { part, revision };
}

/** The revision a line sits on, locked, for a change or removal of the line. */
export async function lockLineAssembly(tx: Tx, line: Subpart): Promise<Assembly> {
  const revision = await tx.repo('part_revision').get(line.part_revision_id, { lock: true });
  const part = await tx.repo('part').get(line.part_id);
  if (!revision || !part) throw errors.notFound('Subpart', line.id);
  return { part, revision };
}

/** A child named by ids: its part, a revision of it, or both (then the revision must be the part's). */
export interface ChildIds {
  readonly partId: number | null;
  readonly revisionId: number | null;
}

/** A part as a child at its active revision; SPEC 7's revision message when it has none. */
const atActiveRevision = (part: Part): Child | string =>
  part.active_revision_id === null ? messages.invalidSubpartRevision() : { part, revisionId: part.active_revision_id };

const distinct = (values: ReadonlyArray<number | null>) => [...new Set(values.filter((value) => value !== null))];

/**
 * The children `named` names, in their order, read in one statement however many: each a child,
 * or SPEC 7's message saying why it names none. An unknown part is not a valid subpart; a revision
 * given must exist and be the named part's; without one, the part's active revision.
 */
export async function findChildren(tx: ReadTx, named: readonly ChildIds[]): Promise<Array<Child | string>> {
  const loaded = await tx.load({
    revisions: many('part_revision', { id: { $in: distinct(named.map((ids) => ids.revisionId)) } }, { columns: ['id', 'part_id'] }),
    parts: many('part', { id: { $in: distinct(named.map((ids) => ids.partId)) } }),
    revisionParts: many('part', { id: ref('revisions', 'part_id') }),
  });
  const parts = new Map([...loaded.parts, ...loaded.revisionParts].map((part) => [part.id, part]));
  const revisions = new Map(loaded.revisions.map((revision) => [revision.id, revision]));
  return named.map(({ partId, revisionId }) => {
    const part = partId === null ? null : (parts.get(partId) ?? null);
    if (partId !== null && part === null) return messages.invalidSubpart();
    if (revisionId === null) return part ? atActiveRevision(part) : messages.invalidSubpart();
    const owner = parts.get(revisions.get(revisionId)?.part_id ?? -1);
    if (!owner || (part !== null && owner.id !== part.id)) return messages.invalidSubpartRevision();
    return { part: owner, revisionId };
  });
}

/** The child a request names; a 400 with SPEC 7's messages when it names none. */
export async function findChild(tx: Tx, given: ChildRef): Promise<Child> {
  let found: Child | string;
  if (given.by === 'revision' || given.by === 'part') {
    const ids = given.by === 'revision' ? { partId: null, revisionId: given.revisionId } : { partId: given.partId, revisionId: null };
    [found] = (await findChildren(tx, [ids])) as [Child | string];
  } else {
    let part: Part | null;
    if (given.by === 'partnumber') part = await tx.repo('part').findOne({ partnumber: given.value });
    else {
      // A manufacturer part number is not unique: it names a child only when exactly one part has it.
      const named = await tx.repo('part').find({ manufacturer_pn: given.value }, { limit: 2 });
      part = named.length === 1 ? named[0]! : null;
    }
    found = part ? atActiveRevision(part) : messages.invalidSubpart();
  }
  if (typeof found === 'string') throw errors.invalid([found]);
  return found;
}

/** The next position on a revision's bill: one past its last. */
export async function nextPosition(tx: Tx, revisionId: number): Promise<number> {
  const [last] = await tx.repo('subpart').find({ part_revision_id: revisionId }, { orderBy: [['position', 'desc']], limit: 1 });
  return (last?.position ?? 0) + 1;
}
