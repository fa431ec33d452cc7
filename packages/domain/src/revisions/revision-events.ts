import type { Context } from '../context';
import { changesOf, eventSource, eventStep, stepEvent } from '../events';
import { unitEvent } from '../inventory/unit-events';
import type { PartRevision } from '../records';
import type { InsertStep, WriteStep } from '../write-plan';
import type { AncestorPlan } from './release-revision/plan-ancestors';

type Source = Pick<Context, 'actor' | 'clock'>;

/** Where a part's revisions live in an event's path (`part/12/revision/5`). */
export const revisionCollection = (partId: number): string => `part/${partId}/revision`;

/** `revision.created`: the new draft's fields (an id the plan draws is its path's). */
export const revisionCreated = (ctx: Source, partId: number, draft: InsertStep<'part_revision'>, more: Record<string, unknown> = {}): InsertStep<'event'> =>
  stepEvent(eventSource(ctx), 'revision.created', revisionCollection(partId), draft, more);

/** `revision.deleted`. */
export const revisionDeleted = (ctx: Source, revision: Pick<PartRevision, 'id' | 'part_id' | 'revision_name'>): InsertStep<'event'> =>
  eventStep(eventSource(ctx), 'revision.deleted', { collection: revisionCollection(revision.part_id), id: revision.id }, { revision_name: revision.revision_name });

/**
 * A release's events: each unit it disposes (`inventory_unit.disposed`), the release itself
 * (`revision.released`, naming the ancestors it up-revised), and each ancestor's new draft
 * (`revision.created`, naming the revision it was made for).
 */
export function releaseEvents(
  ctx: Source,
  revision: Pick<PartRevision, 'id' | 'part_id'>,
  steps: readonly WriteStep[],
  ancestors: AncestorPlan,
  newDrafts: ReadonlyArray<InsertStep<'part_revision'>>,
): InsertStep<'event'>[] {
  const disposals = steps
    .filter((step): step is WriteStep<'inventory_unit'> => step.kind === 'update' && step.table === 'inventory_unit')
    .map((step) => unitEvent(ctx, 'disposed', revision.part_id, step));
  const release = steps.find((step) => step.kind === 'update' && step.table === 'part_revision' && step.id === revision.id);
  const released = eventStep(eventSource(ctx), 'revision.released', { collection: revisionCollection(revision.part_id), id: revision.id }, {
    ...(release ? changesOf(release) : {}),
    up_revised_part_ids: [...ancestors.updateDraft, ...ancestors.newDraft].map((ancestor) => ancestor.part.id),
  });
  const drafts = newDrafts.map((draft) => revisionCreated(ctx, draft.values.part_id as number, draft, { up_revised_for: revision.id }));
  return [...disposals, released, ...drafts];
}

/** Where a revision's bill lines live in an event's path (`part/12/revision/5/subpart/7`). */
const lineCollection = (line: { part_id: number; part_revision_id: number }): string => `${revisionCollection(line.part_id)}/${line.part_revision_id}/subpart`;

/**
 * `subpart.added` for each line a plan inserts (at its own path: the id its named insert draws),
 * `subpart.removed` for each line `removed`.
 */
export function billLineEvents(
  ctx: Source,
  lines: ReadonlyArray<InsertStep<'subpart'>>,
  removed: ReadonlyArray<{ id: number; part_id: number; part_revision_id: number }> = [],
): InsertStep<'event'>[] {
  const source = eventSource(ctx);
  return [
    ...removed.map((line) => eventStep(source, 'subpart.removed', { collection: lineCollection(line), id: line.id }, {})),
    ...lines.map((line) => stepEvent(source, 'subpart.added', lineCollection(line.values as { part_id: number; part_revision_id: number }), line)),
  ];
}

/** `subpart.changed`: the fields written. */
export const billLineChanged = (ctx: Source, line: { part_id: number; part_revision_id: number }, step: WriteStep<'subpart'>): InsertStep<'event'> =>
  stepEvent(eventSource(ctx), 'subpart.changed', lineCollection(line), step);

/** `subpart.removed`. */
export const billLineRemoved = (ctx: Source, line: { id: number; part_id: number; part_revision_id: number }): InsertStep<'event'> =>
  eventStep(eventSource(ctx), 'subpart.removed', { collection: lineCollection(line), id: line.id }, {});
