import type { Context } from '../../context';
import { errors, isUniqueViolation } from '../../errors';
import type { Tx } from '../../ports';
import { missingReferences } from '../../existing-references';
import type { Part } from '../../records';
import { alternateProblems, parttypeProblems, partnumberProblems } from '../part-checks';
import { generatePartNumber } from '../part-number';
import type { PartAnswer } from '../part-answer';
import type { CreatePartInput } from './create-part-input';
import { planCreatePart } from './plan-create-part';

const PARTNUMBER_KEY = 'part_partnumber_unique';
/** Tries of a create whose generated number a concurrent create took first. */
const ATTEMPTS = 3;

async function create<R>(ctx: Context, tx: Tx, input: CreatePartInput, answer: PartAnswer<R>): Promise<R> {
  const { part: fields } = input;
  // Locked: concurrent creates of one type take turns at its part_next.
  const parttype = await tx.repo('parttype').get(fields.parttype_id, { lock: true });
  const found = [
    ...(await missingReferences(tx, 'part', fields as Partial<Part>)),
    ...parttypeProblems(parttype),
    ...(fields.partnumber === null ? [] : await partnumberProblems(tx, fields.partnumber, null)),
    ...(await alternateProblems(tx, input.alternates, null)),
  ];
  if (found.length > 0 || !parttype) throw errors.invalid(found);
  const partnumber = fields.partnumber ?? (await generatePartNumber(tx, parttype));
  const plan = planCreatePart(input, { partnumber, creatorId: ctx.actor.tokenId, site: ctx.site, now: ctx.clock.now() });
  const inserted = await tx.repo('part').insert(plan.part);
  const revision = await tx.repo('part_revision').insert({ ...plan.revision, part_id: inserted.id });
  for (const attribute of plan.attributes) {
    await tx.repo('part_revision_attribute').insert({ ...attribute, part_revision_id: revision.id });
  }
  for (const alternate of plan.alternates) await tx.repo('alternate_part').insert({ ...alternate, part_id: inserted.id });
  const part = (await tx.repo('part').update(inserted.id, { active_revision_id: revision.id })) ?? inserted;
  return answer(tx, part, revision);
}

/**
 * `POST <P>/part`: the part with its first revision (a draft, created by the caller, active until a
 * release), its custom attributes and alternates, in one transaction. Without a part number one is
 * generated; should a concurrent create take it between look-up and insert (a hand-given number on
 * another connection), the create runs again and numbers past it. Answers with `answer`, read in
 * the transaction. `input` is the body parsed by `parseCreatePart`.
 */
export async function createPartAnswering<R>(ctx: Context, answer: PartAnswer<R>, input: CreatePartInput): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.store.transaction((tx) => create(ctx, tx, input, answer));
    } catch (error) {
      const generated = input.part.partnumber === null;
      if (!generated || attempt >= ATTEMPTS || !isUniqueViolation(error, PARTNUMBER_KEY)) throw error;
    }
  }
}
