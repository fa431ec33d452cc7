import type { Tx } from '../ports';
import type { Parttype } from '../records';

const DIGITS = 6;

/** `RES000042`: the part type's key (none for the site sequence), then the number padded to 6 digits. */
export function formatPartNumber(key: string | null, n: number): string {
  return `${key ?? ''}${String(n).padStart(DIGITS, '0')}`;
}

/** The key a part type numbers its parts under; null (the site sequence) when it has none. */
export function partnumberKey(parttype: Parttype): string | null {
  const key = parttype.partnumber_key?.trim();
  return key ? key : null;
}

/** A part type's counter moved past the number it gave: `part_next` as read, and after. */
export interface CounterAdvance {
  readonly parttypeId: number;
  readonly from: number;
  readonly to: number;
}

/** A generated number, and the counter advance the create writes with the part (null: the site sequence gave it). */
export interface GeneratedNumber {
  readonly partnumber: string;
  readonly advance: CounterAdvance | null;
}

/**
 * The number a new part of `parttype` gets when none is given (DESIGN 4): the type's key and its
 * `part_next`, which then advances (the create writes `advance`); without a key, the next number
 * of the site sequence. A number a hand-given part already holds is skipped. `parttype` must have
 * been read locked, so concurrent creates of one type take turns and never hand out the same
 * number; the site sequence never hands out one number twice.
 */
export async function generatePartNumber(tx: Tx, parttype: Parttype): Promise<GeneratedNumber> {
  const taken = async (candidate: string) => (await tx.repo('part').findOne({ partnumber: candidate })) !== null;
  const key = partnumberKey(parttype);
  if (key === null) {
    for (;;) {
      const candidate = formatPartNumber(null, await tx.nextValue('part_number'));
      if (!(await taken(candidate))) return { partnumber: candidate, advance: null };
    }
  }
  let next = parttype.part_next;
  while (await taken(formatPartNumber(key, next))) next += 1;
  return { partnumber: formatPartNumber(key, next), advance: { parttypeId: parttype.id, from: parttype.part_next, to: next + 1 } };
}
