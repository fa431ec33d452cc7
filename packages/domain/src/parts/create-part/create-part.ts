import { withEvents } from '../../events';
import { partCreated } from '../part-events';
import type { Context } from '../../context';
import { errors, isUniqueViolation } from '../../errors';
import { missingIn, referencedIn, referencePlan } from '../../existing-references';
import type { Tx } from '../../ports';
import { many } from '../../read-plan';
import type { Manufacturer, Part } from '../../records';
import { alternateProblems, parttypeProblems, partCheckPlan, partnumberProblems, type PartCheckRows } from '../part-checks';
import { generatePartNumber } from '../part-number';
import type { CreatedPartAnswer } from '../part-answer';
import type { CreatePartInput } from './create-part-input';
import { planCreatePart } from './plan-create-part';

const PARTNUMBER_KEY = 'part_partnumber_unique';
/** Tries of a create whose generated number a concurrent create took first. */
const ATTEMPTS = 3;

/**
 * One statement: the part type, locked (concurrent creates of one type take turns at its
 * part_next), with every record the body names and the holder of a given part number.
 */
async function load(tx: Tx, input: CreatePartInput) {
  const { part: fields } = input;
  const loaded = await tx.load({
    ...referencePlan('part', fields as Partial<Part>),
    ...partCheckPlan(fields.partnumber, input.alternates),
    parttypes: many('parttype', { id: fields.parttype_id }, { lock: true }),
  });
  return { loaded: loaded as typeof loaded & PartCheckRows, parttype: loaded.parttypes[0] ?? null };
}

async function create<R>(ctx: Context, tx: Tx, input: CreatePartInput, answer: CreatedPartAnswer<R>): Promise<R> {
  const { part: fields } = input;
  const { loaded, parttype } = await load(tx, input);
  const found = [
    ...missingIn('part', fields as Partial<Part>, loaded),
    ...parttypeProblems(parttype),
    ...(fields.partnumber === null ? [] : partnumberProblems(loaded, null)),
    ...alternateProblems(input.alternates, loaded, null),
  ];
  if (found.length > 0 || !parttype) throw errors.invalid(found);
  // A generated number is looked for among the parts' (one statement a candidate, and the site sequence's own).
  const generated = fields.partnumber === null ? await generatePartNumber(tx, parttype) : null;
  const partnumber = fields.partnumber ?? generated!.partnumber;
  const setting = { partnumber, advance: generated?.advance, creatorId: ctx.actor.tokenId, site: ctx.site, now: ctx.clock.now() };
  const planned = planCreatePart(input, setting);
  // The answer is built from the rows written and read, so COMMIT goes with the plan.
  const written = await tx.write(withEvents(planned.plan, [partCreated(ctx, planned)]), { commit: true });
  return answer({
    part: written.row(planned.part),
    revision: written.row(planned.revision),
    attributes: planned.attributes.map((step) => written.row(step)),
    alternates: planned.alternates.map((step) => written.row(step)),
    manufacturer: referencedIn<Manufacturer>(loaded, 'manufacturer_id'),
  });
}

/**
 * `POST <P>/part`: the part with its first revision (a draft, created by the caller, active until a
 * release), its custom attributes and alternates, in one transaction: what it checks read in one
 * statement, the rows written in one that commits (the part active on its revision from the
 * start). Without a part number one is generated; should a concurrent create take it between
 * look-up and insert (a hand-given number on another connection), the create runs again and
 * numbers past it. Answers with `answer`, built from the rows written and read. `input` is the
 * body parsed by `parseCreatePart`.
 */
export async function createPartAnswering<R>(ctx: Context, answer: CreatedPartAnswer<R>, input: CreatePartInput): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.store.transaction((tx) => create(ctx, tx, input, answer));
    } catch (error) {
      const generated = input.part.partnumber === null;
      if (!generated || attempt >= ATTEMPTS || !isUniqueViolation(error, PARTNUMBER_KEY)) throw error;
    }
  }
}
