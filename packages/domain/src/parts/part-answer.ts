import type { Plan } from '../read-plan';
import type { AlternatePart, Manufacturer, Part, PartRevision, PartRevisionAttribute } from '../records';

/** Every row of a part a create wrote, and its manufacturer: all a new part has to show. */
export interface CreatedPart {
  readonly part: Part;
  readonly revision: PartRevision;
  readonly attributes: readonly PartRevisionAttribute[];
  readonly alternates: readonly AlternatePart[];
  readonly manufacturer: Manufacturer | null;
}

/** What a create answers, built from the rows in hand: nothing is read after its write. */
export type CreatedPartAnswer<R> = (created: CreatedPart) => R;

/** A part as an update leaves it: the rows it wrote or kept, and the manufacturer a change named. */
export interface ChangedPart {
  readonly part: Part;
  readonly revision: PartRevision;
  /** The revision's custom attributes after the update. */
  readonly attributes: readonly PartRevisionAttribute[];
  /** The new alternates, when the update replaced them. */
  readonly alternates: readonly AlternatePart[] | null;
  /** The manufacturer the update named, when it named one. */
  readonly manufacturer?: Manufacturer | null;
}

/**
 * What an update answers without reading after its write: `reads`, entries read in the update's
 * own first statement (where the part is entry `parts` and its revisions `revisions`, locked
 * unless the update changes the part's row alone),
 * then `build` from that read and the part as changed.
 */
export interface ChangedPartAnswer<R> {
  readonly reads: Plan;
  build(loaded: Readonly<Record<string, unknown>>, changed: ChangedPart): R;
}
