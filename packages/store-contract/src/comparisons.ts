import { describe, expect, it } from 'vitest';
import type { Condition } from '@pips/domain';
import { at } from './fixtures';
import type { Harness } from './harness';
import { seed } from './seed';

/** $gt/$gte/$lt/$lte on ints, Dates (to the millisecond) and decimals (by value, not text). */
export function describeComparisons(h: Harness): void {
  describe('find: comparisons', () => {
    it('compares ints', async () => {
      await h.tx(async (tx) => {
        for (const part_next of [10, 1, 5]) await seed(tx, 'parttype', { part_next });
      });
      const nexts = async (where: Condition<number>) =>
        (await h.tx((tx) => tx.repo('parttype').find({ part_next: where }))).map((p) => p.part_next);
      expect(await nexts({ $gt: 5 })).toEqual([10]);
      expect(await nexts({ $gte: 5 })).toEqual([10, 5]);
      expect(await nexts({ $lt: 5 })).toEqual([1]);
      expect(await nexts({ $lte: 5 })).toEqual([1, 5]);
      expect(await nexts({ $gt: 10 })).toEqual([]);
    });

    it('compares Dates to the millisecond', async () => {
      await h.tx(async (tx) => {
        for (const ms of [2, 0, 1]) await seed(tx, 'api_token', { created_at: at(ms) });
      });
      const ids = async (where: Condition<Date>) =>
        (await h.tx((tx) => tx.repo('api_token').find({ created_at: where }))).map((t) => t.id);
      expect(await ids({ $gt: at(1) })).toEqual([1]);
      expect(await ids({ $gte: at(1) })).toEqual([1, 3]);
      expect(await ids({ $lt: at(1) })).toEqual([2]);
      expect(await ids({ $lte: at(1) })).toEqual([2, 3]);
    });

    it('compares decimals by value, and a null never satisfies a comparison', async () => {
      await h.tx(async (tx) => {
        for (const discount of ['10.0', '9.5', '100.25', null, '-3.0', '0.1']) await seed(tx, 'customer', { discount });
      });
      const discounts = async (where: Condition<string | null>) =>
        (await h.tx((tx) => tx.repo('customer').find({ discount: where }))).map((c) => c.discount);
      expect(await discounts({ $lt: '10.0' })).toEqual(['9.5', '-3.0', '0.1']);
      expect(await discounts({ $lte: '10.0' })).toEqual(['10.0', '9.5', '-3.0', '0.1']);
      expect(await discounts({ $gt: '9.5' })).toEqual(['10.0', '100.25']);
      expect(await discounts({ $gte: '9.5' })).toEqual(['10.0', '9.5', '100.25']);
      expect(await discounts({ $gt: '-10.0' })).toEqual(['10.0', '9.5', '100.25', '-3.0', '0.1']);
    });

    it('compares and orders text by code point, even text that looks like a decimal', async () => {
      await h.tx(async (tx) => {
        for (const credit_limit of ['9.0', '10.0', '100.5']) await seed(tx, 'customer', { credit_limit });
      });
      const limits = async (where: Condition<string | null>, orderBy?: 'asc' | 'desc') =>
        (
          await h.tx((tx) =>
            tx.repo('customer').find({ credit_limit: where }, orderBy && { orderBy: [['credit_limit', orderBy]] }),
          )
        ).map((c) => c.credit_limit);
      expect(await limits({ $ne: null }, 'asc')).toEqual(['10.0', '100.5', '9.0']);
      expect(await limits({ $ne: null }, 'desc')).toEqual(['9.0', '100.5', '10.0']);
      expect(await limits({ $gt: '10.0' })).toEqual(['9.0', '100.5']);
      expect(await limits({ $lt: '9.0' })).toEqual(['10.0', '100.5']);
    });

    it('compares decimals beyond float precision exactly', async () => {
      const values = [
        '12345678901234567890.0123456789',
        '12345678901234567890.0123456788',
        '-12345678901234567890.5',
        '-12345678901234567890.25',
      ];
      await h.tx(async (tx) => {
        for (const discount of values) await seed(tx, 'customer', { discount });
      });
      const discounts = async (where: Condition<string | null>) =>
        (await h.tx((tx) => tx.repo('customer').find({ discount: where }))).map((c) => c.discount);
      expect(await discounts({ $gt: '12345678901234567890.0123456788' })).toEqual(['12345678901234567890.0123456789']);
      expect(await discounts({ $lt: '-12345678901234567890.25' })).toEqual(['-12345678901234567890.5']);
      expect(await discounts({ $gte: '-12345678901234567890.25' })).toEqual([
        '12345678901234567890.0123456789',
        '12345678901234567890.0123456788',
        '-12345678901234567890.25',
      ]);
    });
  });
}
