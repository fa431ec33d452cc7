import type { Tx } from '../../ports';
import type { Part } from '../../records';

/** A rule that can refuse a part's delete: the message why (a 422) while the part may not go, else null. */
export type DeleteGuard = (tx: Tx, part: Part) => Promise<string | null>;

/**
 * Every rule a part's delete checks first (DESIGN 4: not while the part holds stock or sits on a
 * bill of material). The work that adds stock and bills of material adds its guard here; the
 * store still refuses a delete that would break a declared reference.
 */
export const deleteGuards: readonly DeleteGuard[] = [];
