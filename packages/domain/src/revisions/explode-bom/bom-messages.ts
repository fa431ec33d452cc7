/**
 * What an exploded bill's refusals say. Kept beside the explode (an extension beyond the
 * interface), built here and never at a throw site, as `messages` in `errors.ts` are.
 */
export const bomMessages = {
  /** `levels` is neither `all` nor a depth the walk allows. */
  badLevels: (maxDepth: number) => `Invalid value for parameter levels: all or a whole number from 1 to ${maxDepth}`,
  /** The bill has more lines (one per path) than one answer holds. */
  tooManyLines: (maxLines: number) => `The bill of materials has more than ${maxLines} lines to explode`,
  /** The bill nests deeper than any walk goes. */
  tooDeep: (maxDepth: number) => `The bill of materials is nested deeper than ${maxDepth} levels`,
} as const;
