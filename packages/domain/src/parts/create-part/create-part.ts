import { withEvents } from '../../events';
import { partCreated } from '../part-events';
import type { Context } from '../../context';
import { errors, isUniqueViolation } from '../../errors';
import { missingIn, referencedIn, referencePlan } from '../../existing-references';
import type { ReadTx, Tx } from '../../ports';
import { many } from '../../read-plan';
import type { Manufacturer, Part, Parttype } from '../../records';
import { alternateProblems, parttypeProblems, partCheckPlan, partnumberProblems, type PartCheckRows } from '../part-checks';
import { generatePartNumber, type CounterAdvance } from '../part-number';
import type { CreatedPartAnswer } from '../part-answer';
import type { CreatePartInput } from './create-part-input';
import { planCreatePart } from './plan-create-part';
import type { WrittenRows } from '../../write-plan';

const PARTNUMBER_KEY = 'part_partnumber_unique';
/** Tries of a create whose generated number a concurrent create took first. */
const ATTEMPTS = 3;

/**
 * One statement: the part type, locked unless `lock` is false (concurrent creates of one type take
 * turns at its part_next), with every record the body names and the holder of a given part number.
 */
async function load(tx: ReadTx, input: CreatePartInput, lock: boolean) {
  const { part: fields } = input;
  const loaded = await tx.load({
    ...referencePlan('part', fields as Partial<Part>),
    ...partCheckPlan(fields.partnumber, input.alternates),
    parttypes: many('parttype', { id: fields.parttype_id }, { lock }),
  });
  return { loaded: loaded as typeof loaded & PartCheckRows, parttype: loaded.parttypes[0] ?? null };
}

type Loaded = Awaited<ReturnType<typeof load>>;

/** Every problem the read shows, at once; the part type when there are none. */
function checked({ loaded, parttype }: Loaded, input: CreatePartInput): Parttype {
  const { part: fields } = input;
  const found = [
    ...missingIn('part', fields as Partial<Part>, loaded),
    ...parttypeProblems(parttype),
    ...(fields.partnumber === null ? [] : partnumberProblems(loaded, null)),
    ...alternateProblems(input.alternates, loaded, null),
  ];
  if (found.length > 0 || !parttype) throw errors.invalid(found);
  return parttype;
}

/** The plan of a part numbered `partnumber`, with its event, and how to answer from what it wrote. */
function planned<R>(ctx: Context, input: CreatePartInput, { loaded }: Loaded, partnumber: string, advance: CounterAdvance | null | undefined, answer: CreatedPartAnswer<R>) {
  const setting = { partnumber, advance, creatorId: ctx.actor.tokenId, site: ctx.site, now: ctx.clock.now() };
  const made = planCreatePart(input, setting);
  return {
    plan: withEvents(made.plan, [partCreated(ctx, made)]),
    answer: (written: WrittenRows) =>
      answer({
        part: written.row(made.part),
        revision: written.row(made.revision),
        attributes: made.attributes.map((step) => written.row(step)),
        alternates: made.alternates.map((step) => written.row(step)),
        manufacturer: referencedIn<Manufacturer>(loaded, 'manufacturer_id'),
      }),
  };
}

/** A part numbered by the site: the part type locked while the number is found and advanced. */
async function createNumbered<R>(ctx: Context, tx: Tx, input: CreatePartInput, answer: CreatedPartAnswer<R>): Promise<R> {
  const read = await load(tx, input, true);
  const parttype = checked(read, input);
  // A generated number is looked for among the parts' (one statement a candidate, and the site sequence's own).
  const generated = await generatePartNumber(tx, parttype);
  const made = planned(ctx, input, read, generated.partnumber, generated.advance, answer);
  // The answer is built from the rows written and read, so COMMIT goes with the plan.
  return made.answer(await tx.write(made.plan, { commit: true }));
}

/**
 * A part numbered by hand: what it checks read without locks (its number is guarded by the unique
 * index, the records it names by their keys), then the rows written by one statement that commits
 * on its own, so no session is held while PIPS decides.
 */
async function createGiven<R>(ctx: Context, input: CreatePartInput, partnumber: string, answer: CreatedPartAnswer<R>): Promise<R> {
  const read = await ctx.store.read((tx) => load(tx, input, false));
  checked(read, input);
  const made = planned(ctx, input, read, partnumber, undefined, answer);
  return made.answer(await ctx.store.transaction((tx) => tx.write(made.plan, { commit: true })));
}

/**
 * `POST <P>/part`: the part with its first revision (a draft, created by the caller, active until a
 * release), its custom attributes and alternates: what it checks read in one statement, the rows
 * written in one that commits (the part active on its revision from the start). A part number
 * given is checked without locks (`createGiven`). Without one, a number is generated with the
 * part type locked; should a concurrent create take it between look-up and insert (a hand-given
 * number on another connection), the create runs again and numbers past it.
 * Answers with `answer`, built from the rows written and read. `input` is the body parsed by
 * `parseCreatePart`.
 */
export async function createPartAnswering<R>(ctx: Context, answer: CreatedPartAnswer<R>, input: CreatePartInput): Promise<R> {
  const given = input.part.partnumber;
  if (given !== null) return createGiven(ctx, input, given, answer);
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.store.transaction((tx) => createNumbered(ctx, tx, input, answer));
    } catch (error) {
      if (attempt >= ATTEMPTS || !isUniqueViolation(error, PARTNUMBER_KEY)) throw error;
    }
  }
}
