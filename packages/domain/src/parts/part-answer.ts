import type { ReadTx } from '../ports';
import type { Part, PartRevision } from '../records';

/**
 * What a command that changes a part answers, read in its transaction from the part and revision
 * it leaves. The answer SPEC gives is the show form, which spans the aggregates above this one, so
 * it is handed in from above (views/part-writes.ts) rather than imported.
 */
export type PartAnswer<R> = (tx: ReadTx, part: Part, revision: PartRevision) => Promise<R>;
