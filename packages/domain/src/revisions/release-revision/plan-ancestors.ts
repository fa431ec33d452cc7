import { errors, messages } from '../../errors';
import type { Part, PartRevision } from '../../records';
import type { AncestorChoice } from './release-input';

/** An ancestor of the part being released, as the release finds it. */
export interface Ancestor {
  readonly part: Part;
  /** Its draft, when it has one: that draft is updated in place rather than a new one made. */
  readonly draft: PartRevision | null;
}

export interface AncestorPlan {
  /** Ancestors whose draft is re-pointed in place. */
  readonly updateDraft: readonly Ancestor[];
  /** Ancestors that get a new draft (the up-revision the guard is about). */
  readonly newDraft: readonly Ancestor[];
}

/**
 * What a release does to the part's ancestors (SPEC 4.7): listed ones as their action says,
 * unlisted ones `up`. Naming a part that is no ancestor is a 400. New drafts need the guard
 * lifted (`bypass`), else the release is refused (422) naming them, before anything changes.
 */
export function planAncestors(ancestors: readonly Ancestor[], choices: readonly AncestorChoice[], bypass: boolean): AncestorPlan {
  const byId = new Map(ancestors.map((ancestor) => [ancestor.part.id, ancestor]));
  const strangers = choices.filter((choice) => !byId.has(choice.id));
  if (strangers.length > 0) throw errors.invalid(strangers.map((choice) => messages.notAnAncestor(choice.id)));
  const keep = new Set(choices.filter((choice) => choice.action === 'keep').map((choice) => choice.id));
  const up = ancestors.filter((ancestor) => !keep.has(ancestor.part.id));
  const newDraft = up.filter((ancestor) => ancestor.draft === null);
  if (newDraft.length > 0 && !bypass) {
    throw errors.unprocessable([messages.ancestorsWouldUpRevise(newDraft.map((ancestor) => ancestor.part.partnumber))]);
  }
  return { updateDraft: up.filter((ancestor) => ancestor.draft !== null), newDraft };
}
