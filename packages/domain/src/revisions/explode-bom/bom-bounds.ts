/**
 * The bounds of an exploded bill, a read's bounds only: a bill past them is refused with an error
 * naming the bound, never answered cut, and no write depends on them (a bill may nest as deep as
 * its parts do: the rule that no part contains itself has no bound).
 */

/** The deepest an exploded bill goes: a bill nested deeper is refused. */
export const MAX_BILL_DEPTH = 50;
/** The most lines (one per path) one explode answers; a larger bill is refused rather than cut. */
export const MAX_BOM_LINES = 10_000;
