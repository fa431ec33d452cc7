import { beforeEach, describe, expect, it } from 'vitest';
import type { Manufacturer, Where } from '@pips/domain';
import type { Harness } from './harness';
import { seed } from './seed';

type Order = Array<[keyof Manufacturer & string, 'asc' | 'desc']>;

/**
 * The finer points the port promises (ports.ts): text compares and sorts by code point, whatever
 * the case; nulls sort lowest; `$ne` keeps nulls, `$in` may list null, a range never matches null.
 */
export function describeNullsAndCodePoints(h: Harness): void {
  describe('find: nulls and code points', () => {
    beforeEach(async () => {
      await h.tx(async (tx) => {
        for (const [name, short_name] of [['beta', 'b'], ['Alpha', null], ['alpha', 'a'], ['_x%', 'B']] as const) {
          await seed(tx, 'manufacturer', { name, short_name });
        }
      });
    });

    const names = (where: Where<Manufacturer>, orderBy?: Order) =>
      h.tx(async (tx) => (await tx.repo('manufacturer').find(where, { orderBy })).map((m) => m.name));

    it('orders text by code point, nulls first ascending and last descending', async () => {
      expect(await names({}, [['name', 'asc']])).toEqual(['Alpha', '_x%', 'alpha', 'beta']);
      expect(await names({}, [['short_name', 'asc']])).toEqual(['Alpha', '_x%', 'alpha', 'beta']);
      expect(await names({}, [['short_name', 'desc']])).toEqual(['beta', 'alpha', '_x%', 'Alpha']);
    });

    it('compares text by code point', async () => {
      expect(await names({ name: { $gt: 'Alpha' } })).toEqual(['beta', 'alpha', '_x%']);
      expect(await names({ name: { $lt: 'a' } })).toEqual(['Alpha', '_x%']);
    });

    it('keeps nulls for $ne, matches null inside $in, and never matches null in a range', async () => {
      expect(await names({ short_name: { $ne: 'a' } })).toEqual(['beta', 'Alpha', '_x%']);
      expect(await names({ short_name: { $in: [null, 'b'] } })).toEqual(['beta', 'Alpha']);
      expect(await names({ short_name: { $gte: '' } })).toEqual(['beta', 'alpha', '_x%']);
      expect(await names({ short_name: { $lt: null } } as Where<Manufacturer>)).toEqual([]);
    });
  });
}
