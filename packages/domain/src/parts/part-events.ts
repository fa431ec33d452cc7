import type { Context } from '../context';
import { changesOf, eventSource, eventStep, stepEvent } from '../events';
import type { Part, PartRevision } from '../records';
import type { InsertStep, UpdateStep, WriteStep } from '../write-plan';

type Source = Pick<Context, 'actor' | 'clock'>;

/** `part.created`: the part's fields, its first revision's beside them (its path needs the part's id, drawn in the same plan). */
export function partCreated(
  ctx: Source,
  planned: { part: InsertStep<'part'>; revision: InsertStep<'part_revision'>; attributes: readonly WriteStep[]; alternates: readonly WriteStep[] },
): InsertStep<'event'> {
  return stepEvent(eventSource(ctx), 'part.created', 'part', planned.part, {
    revision: changesOf(planned.revision),
    custom_attributes: planned.attributes.map(changesOf),
    alternate_part_ids: planned.alternates.map((step) => changesOf(step).alternate_part_id),
  });
}

/**
 * `part.updated`: the part's changed fields, and its revision's under `revision`; none when the
 * update writes nothing.
 */
export function partUpdated(
  ctx: Source,
  part: Pick<Part, 'id'>,
  revision: Pick<PartRevision, 'id'>,
  planned: { plan: { steps: readonly WriteStep[] }; part: UpdateStep<'part'> | null; revision: UpdateStep<'part_revision'> | null; alternates: readonly WriteStep[] | null },
): InsertStep<'event'>[] {
  if (planned.plan.steps.length === 0) return [];
  return [
    eventStep(eventSource(ctx), 'part.updated', { collection: 'part', id: part.id }, {
      ...(planned.part ? changesOf(planned.part) : {}),
      revision_id: revision.id,
      ...(planned.revision ? { revision: changesOf(planned.revision) } : {}),
      ...(planned.alternates ? { alternate_part_ids: planned.alternates.map((step) => changesOf(step).alternate_part_id) } : {}),
    }),
  ];
}

/** `part.deleted`: its number, for a reader that no longer finds it. */
export const partDeleted = (ctx: Source, part: Pick<Part, 'id' | 'partnumber'>): InsertStep<'event'> =>
  eventStep(eventSource(ctx), 'part.deleted', { collection: 'part', id: part.id }, { partnumber: part.partnumber });
