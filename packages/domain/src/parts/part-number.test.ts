import { describe, expect, it } from 'vitest';
import type { Tx } from '../ports';
import type { Parttype } from '../records';
import { formatPartNumber, generatePartNumber } from './part-number';

describe('formatPartNumber', () => {
  it.each([
    ['RES', 1, 'RES000001'],
    ['RES', 42, 'RES000042'],
    ['IC-', 999999, 'IC-999999'],
    ['IC-', 1000000, 'IC-1000000'],
    [null, 1, '000001'],
    [null, 1234567, '1234567'],
  ])('%s and %i → %s', (key, n, text) => {
    expect(formatPartNumber(key, n)).toBe(text);
  });
});

/** Just enough of a transaction: the numbers parts hold and the site sequence; it writes nothing. */
function stubTx(takenNumbers: string[], sequenceStart = 0) {
  const state = { sequence: sequenceStart };
  const tx = {
    repo: () => ({
      findOne: async ({ partnumber }: { partnumber: string }) => (takenNumbers.includes(partnumber) ? { partnumber } : null),
    }),
    nextValue: async () => ++state.sequence,
  } as unknown as Tx;
  return { tx, state };
}

const parttype = (partnumber_key: string | null, part_next: number) => ({ id: 7, partnumber_key, part_next }) as Parttype;

describe('generatePartNumber', () => {
  it("uses the type's key and part_next, then advances part_next", async () => {
    const { tx, state } = stubTx([]);
    expect(await generatePartNumber(tx, parttype('CAP', 12))).toEqual({ partnumber: 'CAP000012', advance: { parttypeId: 7, from: 12, to: 13 } });
    expect(state.sequence).toBe(0);
  });

  it('skips numbers hand-given parts already hold', async () => {
    const { tx } = stubTx(['CAP000012', 'CAP000013']);
    expect(await generatePartNumber(tx, parttype('CAP', 12))).toEqual({ partnumber: 'CAP000014', advance: { parttypeId: 7, from: 12, to: 15 } });
  });

  it('uses the site sequence for a type without a key (or a blank one), leaving part_next alone', async () => {
    const { tx } = stubTx(['000003']);
    expect(await generatePartNumber(tx, parttype(null, 5))).toEqual({ partnumber: '000001', advance: null });
    expect(await generatePartNumber(tx, parttype('  ', 5))).toEqual({ partnumber: '000002', advance: null });
    expect(await generatePartNumber(tx, parttype(null, 5))).toEqual({ partnumber: '000004', advance: null });
  });
});
