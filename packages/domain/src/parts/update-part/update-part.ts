import type { Context } from '../../context';
import { errors, under, type Problem } from '../../errors';
import { requirePermission } from '../../permissions';
import type { Tx } from '../../ports';
import type { Part, PartRevision } from '../../records';
import { missingReferences } from '../../existing-references';
import { refuseUnitChangeStrandingStock } from '../../inventory/stock-guards';
import { alternateProblems, parttypeProblems, partnumberProblems, revisionNameProblems } from '../part-checks';
import { findPart, selectRevision, type PartRef } from '../part-lookup';
import type { PartAnswer } from '../part-answer';
import type { UpdatePartInput } from './update-part-input';
import { needsReleasedRevisionPermission, planUpdatePart, type UpdatePlan } from './plan-update-part';

async function problemsOf(tx: Tx, part: Part, revision: PartRevision, input: UpdatePartInput): Promise<Array<string | Problem>> {
  const { part: fields, revision: revisionFields, alternates } = input;
  return [
    ...(await missingReferences(tx, 'part', fields as Partial<Part>)),
    ...(fields.parttype_id ? parttypeProblems(await tx.repo('parttype').get(fields.parttype_id)) : []),
    ...(fields.partnumber ? await partnumberProblems(tx, fields.partnumber, part.id) : []),
    ...(revisionFields.revision_name
      ? (await revisionNameProblems(tx, part.id, revisionFields.revision_name, revision.id)).map((problem) => under('revision', problem))
      : []),
    ...(alternates ? await alternateProblems(tx, alternates, part.id) : []),
  ];
}

async function apply(tx: Tx, part: Part, revision: PartRevision, plan: UpdatePlan): Promise<[Part, PartRevision]> {
  const attributes = tx.repo('part_revision_attribute');
  for (const { id, ...value } of plan.attributes.update) await attributes.update(id, value);
  for (const attribute of plan.attributes.insert) await attributes.insert({ ...attribute, part_revision_id: revision.id });
  if (plan.alternates) {
    await tx.repo('alternate_part').deleteWhere({ part_id: part.id });
    for (const alternate of plan.alternates) await tx.repo('alternate_part').insert({ ...alternate, part_id: part.id });
  }
  const changedRevision = plan.revision ? await tx.repo('part_revision').update(revision.id, plan.revision) : null;
  const changedPart = plan.part ? await tx.repo('part').update(part.id, plan.part) : null;
  return [changedPart ?? part, changedRevision ?? revision];
}

/**
 * `PUT <P>/part/:id`: the part's fields and, nested, those of one revision (`revisionId`, the
 * query's `revision_id`, else the active one) and its custom attributes, in one transaction.
 * Changing a revision that is no longer a draft needs `edit_released_revisions`; changing only
 * the part does not. Updates write no log entries (SPEC 4.6 rule 4). Answers with `answer`, read in
 * the transaction. `input` is the body parsed by `parseUpdatePart`; `revisionId` stays the query's
 * value, chosen among the part's revisions once the part is found (`selectRevision`).
 */
export async function updatePartAnswering<R>(
  ctx: Context,
  answer: PartAnswer<R>,
  ref: PartRef,
  input: UpdatePartInput,
  revisionId?: unknown,
): Promise<R> {
  return ctx.store.transaction(async (tx) => {
    const part = await findPart(tx, ref, true);
    const revision = await selectRevision(tx, part, revisionId, true);
    if (needsReleasedRevisionPermission(revision, input)) requirePermission(ctx.actor, 'edit_released_revisions');
    const found = await problemsOf(tx, part, revision, input);
    if (found.length > 0) throw errors.invalid(found);
    // The part's stock keeps a conversion to its unit of measure (docs/decisions.md, "Inventory units").
    if (input.part.unit_id && input.part.unit_id !== part.unit_id) await refuseUnitChangeStrandingStock(tx, part.id, input.part.unit_id);
    const existing = await tx.repo('part_revision_attribute').find({ part_revision_id: revision.id });
    const plan = planUpdatePart(input, existing, ctx.site, ctx.clock.now());
    const [changedPart, changedRevision] = await apply(tx, part, revision, plan);
    return answer(tx, changedPart, changedRevision);
  });
}
