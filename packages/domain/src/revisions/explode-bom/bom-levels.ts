import { errors, messages } from '../../errors';
import { MAX_BILL_DEPTH } from './bom-bounds';

/** How deep an exploded bill lists its lines: every level, or the first N (the revision's own lines are level 1). */
export type BomLevels = number | 'all';

/**
 * The parse step of `levels`: absent or blank is `all`; `all` (any case) or a whole number from 1
 * to MAX_BILL_DEPTH; anything else (a fraction, 0, text, a list) is a 400 saying what it may be.
 */
export function parseLevels(raw: unknown): BomLevels {
  if (raw === undefined || raw === null) return 'all';
  const text = typeof raw === 'string' ? raw.trim() : null;
  if (text === '' || text?.toLowerCase() === 'all') return 'all';
  const depth = text !== null && /^\+?\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(depth >= 1 && depth <= MAX_BILL_DEPTH)) throw errors.badRequest(messages.badBomLevels(MAX_BILL_DEPTH));
  return depth;
}
