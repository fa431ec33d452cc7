import type { ReadTx } from '../ports';
import type { AlternatePart, Manufacturer, Part, PartRevision, PartRevisionAttribute } from '../records';

/**
 * What a command that changes a part answers, read in its transaction from the part and revision
 * it leaves. The answer SPEC gives is the show form, which spans the aggregates above this one, so
 * it is handed in from above (views/part-writes.ts) rather than imported.
 */
export type PartAnswer<R> = (tx: ReadTx, part: Part, revision: PartRevision) => Promise<R>;

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
