import { beforeEach, describe, expect, it } from 'vitest';
import type { Customer, Where } from '@pips/domain';
import type { Harness } from './harness';
import { seed } from './seed';

/** `$or` in the repository's reads and deletes: a union of its wheres, AND-ed with the rest. */
export function describeOrConditions(h: Harness): void {
  describe('find: $or', () => {
    beforeEach(async () => {
      await h.tx(async (tx) => {
        await seed(tx, 'customer', { name: 'Alpha Widgets', email: 'sales@alpha.example', discount: '9.5' });
        await seed(tx, 'customer', { name: 'Beta Gadgets', email: null, discount: '10.0' });
        await seed(tx, 'customer', { name: 'Gamma Widgets', email: 'info@gamma.example', discount: null });
        await seed(tx, 'customer', { name: 'Delta', email: null, discount: '9.5' });
      });
    });

    const names = async (where: Where<Customer>) =>
      (await h.tx((tx) => tx.repo('customer').find(where))).map((c) => c.name);

    it('matches a row any of its wheres matches, once, in id order', async () => {
      expect(await names({ $or: [{ name: 'Delta' }, { email: { $contains: 'ALPHA' } }] })).toEqual(['Alpha Widgets', 'Delta']);
      expect(await names({ $or: [{ name: { $contains: 'widgets' } }, { discount: '9.5' }] })).toEqual([
        'Alpha Widgets',
        'Gamma Widgets',
        'Delta',
      ]);
    });

    it('requires every condition of a branch (AND inside OR)', async () => {
      expect(await names({ $or: [{ discount: '9.5', email: null }, { name: { $startsWith: 'beta' }, email: { $ne: null } }] })).toEqual([
        'Delta',
      ]);
    });

    it('is AND-ed with the column conditions beside it', async () => {
      expect(await names({ email: null, $or: [{ name: { $endsWith: 'gadgets' } }, { discount: '9.5' }] })).toEqual(['Beta Gadgets', 'Delta']);
      expect(await names({ name: { $contains: 'widgets' }, $or: [{ discount: null }, { discount: '10.0' }] })).toEqual(['Gamma Widgets']);
    });

    it('nests: a branch may hold an $or of its own', async () => {
      const where: Where<Customer> = {
        $or: [{ name: 'Beta Gadgets' }, { discount: '9.5', $or: [{ email: null }, { email: { $endsWith: 'alpha.EXAMPLE' } }] }],
      };
      expect(await names(where)).toEqual(['Alpha Widgets', 'Beta Gadgets', 'Delta']);
      expect(await names({ $or: [{ $or: [{ $or: [{ name: { $equalsText: 'delta' } }] }] }] })).toEqual(['Delta']);
    });

    it('matches nothing with an empty list, and everything with an empty where in it', async () => {
      expect(await names({ $or: [] })).toEqual([]);
      expect(await names({ name: { $ne: 'x' }, $or: [] })).toEqual([]);
      expect(await names({ $or: [{ $or: [] }, { name: 'Delta' }] })).toEqual(['Delta']);
      expect(await names({ $or: [{}] })).toHaveLength(4);
    });

    it('serves findOne, count and an ordered, paged find', async () => {
      const widgetsOrTen: Where<Customer> = { $or: [{ name: { $contains: 'widget' } }, { discount: '10.0' }] };
      const [first, counted, none, page] = await h.tx(async (tx) => [
        await tx.repo('customer').findOne(widgetsOrTen, { orderBy: [['name', 'desc']] }),
        await tx.repo('customer').count(widgetsOrTen),
        await tx.repo('customer').count({ $or: [] }),
        await tx.repo('customer').find(widgetsOrTen, { orderBy: [['name', 'asc']], limit: 2, offset: 1 }),
      ]);
      expect(first?.name).toBe('Gamma Widgets');
      expect([counted, none]).toEqual([3, 0]);
      expect(page.map((c) => c.name)).toEqual(['Beta Gadgets', 'Gamma Widgets']);
    });

    it('deletes exactly the rows it matches, and none for an empty list', async () => {
      const [deleted, deletedNone, left] = await h.tx(async (tx) => [
        await tx.repo('customer').deleteWhere({ $or: [{ name: 'Delta' }, { email: { $startsWith: 'INFO@' } }] }),
        await tx.repo('customer').deleteWhere({ $or: [] }),
        (await tx.repo('customer').find()).map((c) => c.name),
      ]);
      expect([deleted, deletedNone]).toEqual([2, 0]);
      expect(left).toEqual(['Alpha Widgets', 'Beta Gadgets']);
    });
  });
}
