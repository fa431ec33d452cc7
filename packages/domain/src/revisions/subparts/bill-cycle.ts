import { errors, messages } from '../../errors';
import type { Tx } from '../../ports';
import { many, one, param, reach, ref, type Plan, type PlanResult, type PlanWhere } from '../../read-plan';
import type { PartRevision } from '../../records';
import type { WritePlan } from '../../write-plan';
import { linksAfter } from './bill-as-planned';
import { LINK_COLUMNS, shortestLoop, type Link } from './bill-loop';

/** Every line below the revisions `param(from)` names, each reached once whatever the depth (a `reach`, not a tree: no bound, no path, linear in the lines). */
const belowEntry = (from: string) =>
  reach('subpart', { part_revision_id: { $in: param(from) } }, { parent: 'part_revision_id', child: 'subpart_part_revision_id', columns: LINK_COLUMNS });

/** Every line above the revisions `param(from)` names: the lines listing them, the lines listing those lines' revisions, … */
const aboveEntry = (from: string) =>
  reach('subpart', { subpart_part_revision_id: { $in: param(from) } }, { parent: 'subpart_part_revision_id', child: 'part_revision_id', columns: LINK_COLUMNS });

/** What the check after a write reads, in one statement: the revisions whose bills changed, every line below them and every line above them. */
const structurePlan = {
  changed: many('part_revision', { id: { $in: param('revisions') } }, { columns: ['id', 'part_id'] }),
  below: belowEntry('revisions'),
  above: aboveEntry('revisions'),
};

/** The part numbers a refusal names (read only when there is one). */
const partnumbersPlan = { parts: many('part', { id: { $in: param('parts') } }, { columns: ['id', 'partnumber'] }) };

/** Refuses (422) the loop `shortestLoop` found, naming its parts by their numbers. */
async function refuseLoop(tx: Tx, loop: readonly number[]): Promise<never> {
  const { parts } = await tx.load(partnumbersPlan, { parts: [...new Set(loop)] });
  const partnumbers = new Map(parts.map((part) => [part.id, part.partnumber]));
  throw errors.unprocessable([messages.containsItself(loop.map((id) => partnumbers.get(id) ?? String(id)))]);
}

/**
 * Refuses (422, naming the shortest path) when the bills of `revisionIds`, as this transaction has
 * written them, make a part contain itself at any depth: through lines below a revision, and
 * through the revisions that hold it above, since a line added low can close a loop that starts
 * high. A write that adds or re-points bill lines with its repositories calls it with the
 * revisions whose lines it wrote, as its last step (one that writes a plan checks the plan before
 * writing it: `lockBillStructure`, `refusePlannedLoops`): it takes the `bill_structure` lock
 * first, so such writes check one at a time, each seeing what the ones before it committed, and
 * two of them never together make a loop neither would alone. The rule holds by construction,
 * with no bound on depth or lines.
 */
export async function refuseCycles(tx: Tx, revisionIds: readonly number[]): Promise<void> {
  const revisions = [...new Set(revisionIds)];
  if (revisions.length === 0) return;
  await tx.takeLock('bill_structure');
  const loaded = await tx.load(structurePlan, { revisions });
  for (const revision of loaded.changed) {
    const loop = shortestLoop(revision, loaded.below, loaded.above);
    if (loop) await refuseLoop(tx, loop);
  }
}

/** One revision's bill as a plan will change it, and every line a loop through it could take, read before the plan is written. */
export interface BillStructure {
  readonly revision: Pick<PartRevision, 'id' | 'part_id'>;
  /** Every line below each revision the plan's lines will list, and below the revision itself unless `adds`. */
  readonly below: readonly Link[];
  /** Read for a plan that only adds and removes lines (`BillWalk`): one that re-points a line is refused. */
  readonly adds: boolean;
  /** Every line above the revision. */
  readonly above: readonly Link[];
}

/**
 * Where the walk below a bill starts. `changes`: from the revision and from the revisions the
 * plan's lines will list, for a plan that may re-point a line (the line must be among those read
 * for the check to follow it). `adds`: from the listed revisions alone, for a plan that only adds
 * and removes lines. A loop the plan makes runs through one of its new lines, from the revision
 * down to a listed revision and on down to the revision's part or a part above it; the revision's
 * other lines could only be on it past a second visit to the revision, where the loop has already
 * closed. So the bill's own lines, and everything under them, need not be read: an add costs the
 * same on a bill of one line or of thousands.
 */
export type BillWalk = 'changes' | 'adds';

/**
 * The `bill_structure` lock, then, in one statement, every line a loop through `revision` could
 * take once a plan writes its bill, and what `extra` reads besides (which sees, as the lines do,
 * what every write before this one committed). Below it: from `childRevisions`, the revisions the
 * plan's lines will list (their bills are not below the revision until the plan is written), and
 * from the revision itself as `walk` says. Above it: from the revision. The lock is taken after the
 * command's row locks, as `takeLock` asks (its first read locked every row the write will lock:
 * `bill-lookups.ts`), and not inside the statement that reads the lines: a statement reads the
 * data as it was when the statement began, so lines read in the statement that waited for the
 * lock would miss what its last holder committed meanwhile; and taken in the command's first,
 * locking read, it would come after that read's row locks only by an order PostgreSQL does not
 * promise among a statement's parts. (The SQL store sends the lock and the read as two statements
 * in one round trip: `Tx.takeLock`.)
 */
export async function lockBillStructure<E extends Plan>(
  tx: Tx,
  revision: Pick<PartRevision, 'id' | 'part_id'>,
  childRevisions: readonly number[],
  extra: E,
  walk: BillWalk = 'changes',
): Promise<{ structure: BillStructure; loaded: PlanResult<E> }> {
  await tx.takeLock('bill_structure');
  const plan = { ...extra, below: belowEntry('billStructureBelow'), above: aboveEntry('billStructureAbove') };
  const loaded = (await tx.load(plan, {
    billStructureBelow: [...new Set([...(walk === 'changes' ? [revision.id] : []), ...childRevisions])],
    billStructureAbove: [revision.id],
  })) as PlanResult<E> & { below: Link[]; above: Link[] };
  return { structure: { revision, below: loaded.below, above: loaded.above, adds: walk === 'adds' }, loaded };
}

/** Every line below the revisions entry `children` finds, and every line above the one entry `walkAssembly` finds. */
const walksFrom = (children: string) => ({
  below: reach('subpart', { part_revision_id: ref(children, 'id') }, { parent: 'part_revision_id', child: 'subpart_part_revision_id', columns: LINK_COLUMNS }),
  above: reach('subpart', { subpart_part_revision_id: ref('walkAssembly', 'id') }, { parent: 'subpart_part_revision_id', child: 'part_revision_id', columns: LINK_COLUMNS }),
});

/**
 * The lines a loop through a new line could take, as entries of the statement that reads an
 * add's rows after their locks (`Tx.lockRows`) and the `bill_structure` lock, all sent in one
 * round trip: every line below the revision entry `child` finds (the one the line will list) and
 * every line above the one entry `assembly` finds (the `adds` walk, `BillWalk`). Each entry is a
 * `one`, so a walk begins from its revision's index entry whatever the plan.
 */
export const addWalkEntries = (assembly: PlanWhere<PartRevision>, child: PlanWhere<PartRevision>) => ({
  walkAssembly: one('part_revision', assembly),
  walkChild: one('part_revision', child),
  ...walksFrom('walkChild'),
});

/**
 * `addWalkEntries` for lines to several children waiting together (`add-together.ts`): every line
 * below the revisions `children` finds (each one a line will list).
 */
export const batchWalkEntries = (assembly: PlanWhere<PartRevision>, children: PlanWhere<PartRevision>) => ({
  walkAssembly: one('part_revision', assembly),
  walkChildren: many('part_revision', children, { columns: ['id'] }),
  ...walksFrom('walkChildren'),
});

/**
 * The structure `addWalkEntries` (or `batchWalkEntries`) read for a line from `revision` to
 * `childRevisionId`, as `lockBillStructure` would answer it with the `adds` walk. The walks must
 * have begun from those two revisions, which the command chose from the same statement's rows.
 * Walked from several children, the lines below them all stand in for those below this one's: a
 * loop through the line only follows lines it reaches from its child.
 */
export function addedStructure(
  revision: Pick<PartRevision, 'id' | 'part_id'>,
  childRevisionId: number,
  loaded: PlanResult<ReturnType<typeof addWalkEntries>> | PlanResult<ReturnType<typeof batchWalkEntries>>,
): BillStructure {
  const children = 'walkChildren' in loaded ? loaded.walkChildren : loaded.walkChild ? [loaded.walkChild] : [];
  if (loaded.walkAssembly?.id !== revision.id || !children.some((child) => child.id === childRevisionId)) {
    throw new Error(`The bill walks began from revisions ${loaded.walkAssembly?.id} and ${children.map((child) => child.id).join(', ')}, not ${revision.id} and ${childRevisionId}`);
  }
  return { revision, below: loaded.below, above: loaded.above, adds: true };
}

/**
 * Refuses (422, naming the shortest path) when `plan`, once written over `structure`, would make
 * a part contain itself at any depth, as `refuseCycles` would once it is written: the lines below
 * and above the revision are taken as the plan leaves them (its new lines numbered after every
 * line read, as the store will number them), so the write that follows is the last statement.
 */
export async function refusePlannedLoops(tx: Tx, structure: BillStructure, plan: WritePlan): Promise<void> {
  if (structure.adds && plan.steps.some((step) => step.table === 'subpart' && step.kind === 'update')) {
    throw new Error('A plan that re-points bill lines needs the walk from its revision (BillWalk `changes`)');
  }
  const newIdsFrom = [...structure.below, ...structure.above].reduce((highest, line) => Math.max(highest, line.id), 0) + 1;
  const loop = shortestLoop(structure.revision, linksAfter(structure.below, plan, newIdsFrom), linksAfter(structure.above, plan, newIdsFrom));
  if (loop) await refuseLoop(tx, loop);
}
