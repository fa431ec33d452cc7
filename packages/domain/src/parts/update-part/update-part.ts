import { withEvents } from '../../events';
import { partUpdated } from '../part-events';
import type { Context } from '../../context';
import { errors, fieldProblem, messages, under } from '../../errors';
import { writeUnlessStale } from '../../guarded-write';
import { missingIn, referencedIn, referencePlan } from '../../existing-references';
import { refuseUnitChangeStrandingStock } from '../../inventory/stock-guards';
import { requirePermission } from '../../permissions';
import type { ReadTx } from '../../ports';
import { many, one, ref as planRef, type Plan } from '../../read-plan';
import type { Manufacturer, Part } from '../../records';
import { alternateProblems, parttypeProblems, partCheckPlan, partnumberProblems, type PartCheckRows } from '../part-checks';
import { chooseRevision, lockedPart, lockedPartId, partNotFound, type PartRef } from '../part-lookup';
import type { ChangedPartAnswer } from '../part-answer';
import type { UpdatePartInput } from './update-part-input';
import { changesPartAlone, needsReleasedRevisionPermission, planUpdatePart } from './plan-update-part';
import type { WrittenRows } from '../../write-plan';

/**
 * One statement: the part, then its revisions (locked, in id order: a part before its revisions,
 * as every command takes them, unless `lock` is false) with their custom attributes, every record
 * the body names, the part type sent and the holder of a part number sent; and what the answer
 * reads (`beside`).
 */
async function load(tx: ReadTx, ref: PartRef, input: UpdatePartInput, beside: Plan, lock: boolean) {
  const { part: fields } = input;
  const loaded = await tx.load({
    parts: lockedPart(ref, lock),
    revisions: many('part_revision', { part_id: lockedPartId(ref, 'parts') }, { lock, orderBy: [['id', 'asc']] }),
    attributes: many('part_revision_attribute', { part_revision_id: planRef('revisions', 'id') }),
    ...referencePlan('part', fields as Partial<Part>),
    ...partCheckPlan(fields.partnumber, input.alternates),
    ...(fields.parttype_id ? { parttype: one('parttype', { id: fields.parttype_id }) } : {}),
    ...beside,
  });
  return loaded as typeof loaded & PartCheckRows & { parttype?: typeof loaded.parttype };
}

type Loaded = Awaited<ReturnType<typeof load>>;

/** What the update writes, decided from what it read; every problem the read shows at once. */
function decide(ctx: Context, loaded: Loaded, ref: PartRef, input: UpdatePartInput, revisionId: unknown, unlocked: boolean) {
  const part = loaded.parts[0];
  if (!part) throw partNotFound(ref);
  const revision = chooseRevision(part, loaded.revisions, revisionId);
  if (needsReleasedRevisionPermission(revision, input)) requirePermission(ctx.actor, 'edit_released_revisions');
  const { part: fields, revision: revisionFields, alternates } = input;
  const nameHolder = revisionFields.revision_name ? loaded.revisions.find((r) => r.revision_name === revisionFields.revision_name) : undefined;
  const found = [
    ...missingIn('part', fields as Partial<Part>, loaded),
    ...(fields.parttype_id ? parttypeProblems(loaded.parttype ?? null) : []),
    ...(fields.partnumber ? partnumberProblems(loaded, part.id) : []),
    ...(nameHolder && nameHolder.id !== revision.id ? [under('revision', fieldProblem('revision_name', messages.taken('revision_name')))] : []),
    ...(alternates ? alternateProblems(alternates, loaded, part.id) : []),
  ];
  if (found.length > 0) throw errors.invalid(found);
  const attributes = loaded.attributes.filter((attribute) => attribute.part_revision_id === revision.id);
  const planned = planUpdatePart(part, revision, input, attributes, ctx.site, ctx.clock.now(), unlocked);
  const plan = planned.plan.steps.length > 0 ? withEvents(planned.plan, partUpdated(ctx, part, revision, planned)) : null;
  return { part, revision, attributes, planned, plan };
}

/** The answer, from what was read and what the plan wrote (nothing, for an empty update). */
function answered<R>(answer: ChangedPartAnswer<R>, loaded: Loaded, input: UpdatePartInput, decided: ReturnType<typeof decide>, written: WrittenRows | null): R {
  const { part, revision, attributes, planned } = decided;
  const changedAttributes = new Map(attributes.map((attribute) => [attribute.id, attribute]));
  for (const step of planned.attributes) {
    const row = written!.row(step);
    changedAttributes.set(row.id, row);
  }
  return answer.build(loaded as object as Readonly<Record<string, unknown>>, {
    part: written && planned.part ? written.row(planned.part) : part,
    revision: written && planned.revision ? written.row(planned.revision) : revision,
    attributes: [...changedAttributes.values()],
    alternates: planned.alternates && planned.alternates.map((step) => written!.row(step)),
    ...(input.part.manufacturer_id === undefined ? {} : { manufacturer: referencedIn<Manufacturer>(loaded, 'manufacturer_id') }),
  });
}

/**
 * A change of the part's row alone, read without locks and written by one statement that commits
 * (so no transaction holds rows, or the embedded database's session, while PIPS decides). Null
 * when the part changed its active revision, or went, in between: the caller then takes the
 * locked way.
 */
async function updateUnlocked<R>(ctx: Context, answer: ChangedPartAnswer<R>, ref: PartRef, input: UpdatePartInput, revisionId: unknown): Promise<R | null> {
  const loaded = await ctx.store.read((tx) => load(tx, ref, input, answer.reads, false));
  const decided = decide(ctx, loaded, ref, input, revisionId, true);
  const { plan } = decided;
  if (!plan) return answered(answer, loaded, input, decided, null);
  const written = await writeUnlessStale(ctx.store, plan, 'part');
  return written && answered(answer, loaded, input, decided, written);
}

/**
 * `PUT <P>/part/:id`: the part's fields and, nested, those of one revision (`revisionId`, the
 * query's `revision_id`, else the active one) and its custom attributes, in one transaction.
 * Changing a revision that is no longer a draft needs `edit_released_revisions`; changing only
 * the part does not. Updates write no log entries (SPEC 4.6 rule 4). Answers with `answer`, whose
 * reads go with the update's first. `input` is the body parsed by `parseUpdatePart`; `revisionId`
 * stays the query's value, chosen among the part's revisions once the part is found
 * (`chooseRevision`). Two statements (what it checks and the answer reads, then its plan, which
 * commits); a change of unit of measure also reads what the part's stock relies on. A change of
 * the part's row alone reads without locks and writes with a guard (`updateUnlocked`), taking
 * the locked way only when the guard finds the part changed.
 */
export async function updatePartAnswering<R>(
  ctx: Context,
  answer: ChangedPartAnswer<R>,
  ref: PartRef,
  input: UpdatePartInput,
  revisionId?: unknown,
): Promise<R> {
  if (changesPartAlone(input)) {
    const done = await updateUnlocked(ctx, answer, ref, input, revisionId);
    if (done !== null) return done;
  }
  return ctx.store.transaction(async (tx) => {
    const loaded = await load(tx, ref, input, answer.reads, true);
    const decided = decide(ctx, loaded, ref, input, revisionId, false);
    const { part, plan } = decided;
    // The part's stock keeps a conversion to its unit of measure (docs/decisions.md, "Inventory units").
    if (input.part.unit_id && input.part.unit_id !== part.unit_id) await refuseUnitChangeStrandingStock(tx, part.id, input.part.unit_id);
    // The answer is built from what was read and written, so COMMIT goes with the plan.
    const written = plan ? await tx.write(plan, { commit: true }) : null;
    return answered(answer, loaded, input, decided, written);
  });
}
