import { errors, messages } from '../../errors';
import { many, ref } from '../../read-plan';
import type { Part, PartRevision, Subpart } from '../../records';
import type { ChildRef, SubpartInput } from './subpart-input';

/**
 * What a bill write reads first, in one statement: its assembly's revision locked (so a release
 * waits for the change, or it for the release), with the rows its checks need. Each pair below is
 * a plan's entries and the pure step that judges what they found, in the order its refusals come.
 *
 * The parts and revisions a new or re-pointed line will reference are read locked too: writing
 * the line takes a lock on each (its references' check), and a write that adds or re-points lines
 * takes the `bill_structure` lock before it writes, when it may take no row lock any more (one
 * holding such a row, say a revision being created of the child, may be waiting for that lock).
 */

/** A bill's assembly: the part, and its revision, read locked. */
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
 * The assembly a create names: its revision (locked), else the part's draft (locked). Entries
 * first in their plan: the lock is the statement's first.
 */
export const assemblyEntries = (given: SubpartInput['assembly']) =>
  given.revisionId !== null
    ? {
        assemblyRevisions: many('part_revision', { id: given.revisionId }, { lock: true }),
        assemblyParts: many('part', { id: ref('assemblyRevisions', 'part_id') }, { lock: true }),
      }
    : {
        assemblyRevisions: many('part_revision', { part_id: given.partId as number, status: 'Draft' }, { lock: true, limit: 1 }),
        assemblyParts: many('part', { id: given.partId as number }, { lock: true }),
      };

/**
 * The assembly `assemblyEntries` found: the revision named (which must be the part's, when both
 * are given), else the part's draft. A field naming nothing is a 400; a part without a draft a 422.
 */
export function assemblyFrom(given: SubpartInput['assembly'], loaded: { assemblyRevisions: PartRevision[]; assemblyParts: Part[] }): Assembly {
  const [revision] = loaded.assemblyRevisions;
  const [part] = loaded.assemblyParts;
  if (given.revisionId !== null) {
    if (!revision) throw errors.invalid([messages.mustExist('part_revision_id')]);
    if (given.partId !== null && given.partId !== revision.part_id) throw errors.invalid([messages.revisionNotOfPart()]);
    if (!part) throw errors.invalid([messages.mustExist('part_id')]);
    return { part, revision };
  }
  if (!part) throw errors.invalid([messages.mustExist('part_id')]);
  if (!revision) throw errors.unprocessable([messages.noDraft(part.partnumber)]);
  return { part, revision };
}

/** The assembly a path names (`/parts/:part_id/revisions/:id`): the part, and its revision locked (another part's is not). */
export const pathAssemblyEntries = (partId: number, revisionId: number) => ({
  pathRevisions: many('part_revision', { id: revisionId, part_id: partId }, { lock: true }),
  pathParts: many('part', { id: partId }, { lock: true }),
});

/** The assembly `pathAssemblyEntries` found; a 404 as a read answers when the part is unknown or the revision not its. */
export function pathAssemblyFrom(partId: number, revisionId: number, loaded: { pathRevisions: PartRevision[]; pathParts: Part[] }): Assembly {
  const [part] = loaded.pathParts;
  if (!part) throw errors.notFound('Part', partId);
  const [revision] = loaded.pathRevisions;
  if (!revision) throw errors.notFound('PartRevision', revisionId);
  return { part, revision };
}

/** Line `id`, and the revision it sits on locked, for a change or removal of the line. */
export const lineEntries = (id: number) => ({
  lines: many('subpart', { id }),
  lineRevisions: many('part_revision', { id: ref('lines', 'part_revision_id') }, { lock: true }),
  lineParts: many('part', { id: ref('lines', 'part_id') }, { columns: ['id'] }),
});

/** The line `lineEntries` found, and its revision; a 404 when either is gone. */
export function lineFrom(id: number, loaded: { lines: Subpart[]; lineRevisions: PartRevision[]; lineParts: Array<Pick<Part, 'id'>> }): { line: Subpart; revision: PartRevision } {
  const [line] = loaded.lines;
  if (!line) throw errors.notFound('Subpart', id);
  const [revision] = loaded.lineRevisions;
  if (!revision || loaded.lineParts.length === 0) throw errors.notFound('Subpart', line.id);
  return { line, revision };
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

/** The children `named` names by ids, however many. */
export const childrenEntries = (named: readonly ChildIds[]) => ({
  childRevisions: many('part_revision', { id: { $in: distinct(named.map((ids) => ids.revisionId)) } }, { columns: ['id', 'part_id'], lock: true }),
  childParts: many('part', { id: { $in: distinct(named.map((ids) => ids.partId)) } }, { lock: true }),
  childRevisionParts: many('part', { id: ref('childRevisions', 'part_id') }, { lock: true }),
  // The revision a part named alone is listed at, which the line will reference too.
  childActiveRevisions: many('part_revision', { id: ref('childParts', 'active_revision_id') }, { columns: ['id'], lock: true }),
});

export interface LoadedChildren {
  readonly childRevisions: ReadonlyArray<Pick<PartRevision, 'id' | 'part_id'>>;
  readonly childParts: readonly Part[];
  readonly childRevisionParts: readonly Part[];
}

/**
 * The children `named` names, in their order, from what `childrenEntries` found: each a child, or
 * SPEC 7's message saying why it names none. An unknown part is not a valid subpart; a revision
 * given must exist and be the named part's; without one, the part's active revision.
 */
export function childrenFrom(named: readonly ChildIds[], loaded: LoadedChildren): Array<Child | string> {
  const parts = new Map([...loaded.childParts, ...loaded.childRevisionParts].map((part) => [part.id, part]));
  const revisions = new Map(loaded.childRevisions.map((revision) => [revision.id, revision]));
  return named.map(({ partId, revisionId }) => {
    const part = partId === null ? null : (parts.get(partId) ?? null);
    if (partId !== null && part === null) return messages.invalidSubpart();
    if (revisionId === null) return part ? atActiveRevision(part) : messages.invalidSubpart();
    const owner = parts.get(revisions.get(revisionId)?.part_id ?? -1);
    if (!owner || (part !== null && owner.id !== part.id)) return messages.invalidSubpartRevision();
    return { part: owner, revisionId };
  });
}

/** A child a request names by ids, or null when it names it by a part's number. */
const idsOf = (given: ChildRef): ChildIds | null =>
  given.by === 'revision' ? { partId: null, revisionId: given.revisionId } : given.by === 'part' ? { partId: given.partId, revisionId: null } : null;

/**
 * The child a request names: by ids as `childrenEntries`, or the parts its number names (two at
 * most: one is all that counts). None (entries that find nothing) when it names none.
 */
export function childEntries(given: ChildRef | null) {
  const ids = given && idsOf(given);
  const byNumber =
    given?.by === 'partnumber' ? { partnumber: given.value } : given?.by === 'manufacturer_pn' ? { manufacturer_pn: given.value } : { id: { $in: [] } };
  return {
    ...childrenEntries(ids ? [ids] : []),
    numberedParts: many('part', byNumber, { limit: 2, lock: true }),
    numberedActiveRevisions: many('part_revision', { id: ref('numberedParts', 'active_revision_id') }, { columns: ['id'], lock: true }),
  };
}

/**
 * The children of lines that wait together to be added to one bill (`add-together.ts`),
 * each named by ids or by part number: by ids as `childrenEntries`, and the parts the numbers
 * name, locked in id order. Under the same names as `childEntries`, so `CHILD_REVISION` finds
 * every child's revision.
 */
export function batchChildEntries(given: readonly ChildRef[]) {
  const ids = given.flatMap((child) => idsOf(child) ?? []);
  const numbers = [...new Set(given.flatMap((child) => (child.by === 'partnumber' ? [child.value] : [])))];
  return {
    ...childrenEntries(ids),
    numberedParts: many('part', { partnumber: { $in: numbers } }, { lock: true, orderBy: [['id', 'asc']] }),
    numberedActiveRevisions: many('part_revision', { id: ref('numberedParts', 'active_revision_id') }, { columns: ['id'], lock: true }),
  };
}

/** The child `batchChildEntries` found for `given`; a 400 with SPEC 7's messages when it names none, as `childFrom`. */
export function batchChildFrom(given: ChildRef, loaded: LoadedChildren & { readonly numberedParts: readonly Part[] }): Child {
  if (given.by === 'manufacturer_pn') throw new Error('A child named by manufacturer part number is found by childEntries');
  const ids = idsOf(given);
  const number = given.by === 'partnumber' ? given.value : null;
  const part = loaded.numberedParts.find((candidate) => candidate.partnumber === number) ?? null;
  const found = ids ? childrenFrom([ids], loaded)[0]! : part ? atActiveRevision(part) : messages.invalidSubpart();
  if (typeof found === 'string') throw errors.invalid([found]);
  return found;
}

/** The assembly's revision `assemblyEntries` found, as a condition of a later entry on `part_revision`. */
export const ASSEMBLY_REVISION = { id: ref('assemblyRevisions', 'id') };

/**
 * The revision a line to the child `childEntries` found would list, however the request named it,
 * as a condition of a later entry on `part_revision` (a request naming it by a manufacturer part
 * number two parts share names no child, whichever this finds).
 */
export const CHILD_REVISION = {
  $or: [{ id: ref('childRevisions', 'id') }, { id: ref('childActiveRevisions', 'id') }, { id: ref('numberedActiveRevisions', 'id') }],
};

/** The child `childEntries` found; a 400 with SPEC 7's messages when it names none. */
export function childFrom(given: ChildRef, loaded: LoadedChildren & { readonly numberedParts: readonly Part[] }): Child {
  const ids = idsOf(given);
  let found: Child | string;
  if (ids) [found] = childrenFrom([ids], loaded) as [Child | string];
  else {
    // A part number is unique; a manufacturer part number is not: it names a child only when exactly one part has it.
    const named = loaded.numberedParts;
    const part = given.by === 'partnumber' ? (named[0] ?? null) : named.length === 1 ? named[0]! : null;
    found = part ? atActiveRevision(part) : messages.invalidSubpart();
  }
  if (typeof found === 'string') throw errors.invalid([found]);
  return found;
}
