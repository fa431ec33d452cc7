import { beforeEach, describe, expect, it } from 'vitest';
import type { Where, Customer } from '@pips/domain';
import { at } from './fixtures';
import type { Harness } from './harness';
import { seed } from './seed';

/** Equality, null, $in, $ne, $contains and AND, on a small customer table. */
export function describeConditions(h: Harness): void {
  describe('find: where conditions', () => {
    beforeEach(async () => {
      await h.tx(async (tx) => {
        await seed(tx, 'customer', { name: 'Alpha Widgets', email: 'sales@alpha.example', discount: '9.5', created_at: at(0) });
        await seed(tx, 'customer', { name: 'Beta Gadgets', email: null, discount: '10.0', created_at: at(1) });
        await seed(tx, 'customer', { name: 'Gamma Widgets', email: 'info@gamma.example', discount: null, created_at: at(2) });
        await seed(tx, 'customer', { name: 'Delta', email: null, discount: '9.5', created_at: at(3) });
      });
    });

    const names = async (where: Where<Customer>) =>
      (await h.tx((tx) => tx.repo('customer').find(where))).map((c) => c.name);

    it('matches a value by equality (text, decimal, Date)', async () => {
      expect(await names({ name: 'Beta Gadgets' })).toEqual(['Beta Gadgets']);
      expect(await names({ name: 'beta gadgets' })).toEqual([]);
      expect(await names({ discount: '9.5' })).toEqual(['Alpha Widgets', 'Delta']);
      expect(await names({ created_at: at(2) })).toEqual(['Gamma Widgets']);
      expect(await names({ id: 4 })).toEqual(['Delta']);
    });

    it('matches null by equality', async () => {
      expect(await names({ email: null })).toEqual(['Beta Gadgets', 'Delta']);
      expect(await names({ discount: null })).toEqual(['Gamma Widgets']);
    });

    it('matches any of a $in list, and nothing for an empty list', async () => {
      expect(await names({ name: { $in: ['Delta', 'Alpha Widgets', 'Nobody'] } })).toEqual(['Alpha Widgets', 'Delta']);
      expect(await names({ id: { $in: [3, 1] } })).toEqual(['Alpha Widgets', 'Gamma Widgets']);
      expect(await names({ created_at: { $in: [at(1), at(3)] } })).toEqual(['Beta Gadgets', 'Delta']);
      expect(await names({ id: { $in: [] } })).toEqual([]);
      expect(await h.tx((tx) => tx.repo('customer').count({ name: { $in: [] } }))).toBe(0);
    });

    it('excludes a value with $ne, and keeps non-null rows with $ne null', async () => {
      expect(await names({ name: { $ne: 'Delta' } })).toEqual(['Alpha Widgets', 'Beta Gadgets', 'Gamma Widgets']);
      expect(await names({ id: { $ne: 2 } })).toEqual(['Alpha Widgets', 'Gamma Widgets', 'Delta']);
      expect(await names({ email: { $ne: null } })).toEqual(['Alpha Widgets', 'Gamma Widgets']);
    });

    it('matches a case-insensitive substring with $contains, never a null', async () => {
      expect(await names({ name: { $contains: 'WIDGET' } })).toEqual(['Alpha Widgets', 'Gamma Widgets']);
      expect(await names({ name: { $contains: 'a g' } })).toEqual(['Beta Gadgets']);
      expect(await names({ name: { $contains: 'zeta' } })).toEqual([]);
      expect(await names({ email: { $contains: '.EXAMPLE' } })).toEqual(['Alpha Widgets', 'Gamma Widgets']);
    });

    it('requires every column condition to hold (AND)', async () => {
      expect(await names({ name: { $contains: 'widgets' }, email: { $ne: null }, discount: '9.5' })).toEqual([
        'Alpha Widgets',
      ]);
      expect(await names({ discount: '9.5', email: null })).toEqual(['Delta']);
      expect(await names({ name: 'Delta', email: { $ne: null } })).toEqual([]);
    });

    it('counts all rows or the matching ones', async () => {
      const [all, widgets, none] = await h.tx(async (tx) => [
        await tx.repo('customer').count(),
        await tx.repo('customer').count({ name: { $contains: 'widgets' } }),
        await tx.repo('customer').count({ name: 'Nobody' }),
      ]);
      expect([all, widgets, none]).toEqual([4, 2, 0]);
    });

    it('matches nothing with $contains on a column that is not text', async () => {
      expect(await names({ discount: { $contains: '9' } })).toEqual([]);
      expect(await names({ id: { $contains: '1' } })).toEqual([]);
      expect(await names({ created_at: { $contains: '20' } } as Where<Customer>)).toEqual([]);
    });
  });

  describe('find: $contains takes its text literally', () => {
    it('treats % and _ as plain characters', async () => {
      await h.tx(async (tx) => {
        const names = ['Fifty%Off', 'Fifty Off', 'part_a', 'partxa', 'back\\slash'];
        for (const name of names) await seed(tx, 'manufacturer', { name });
      });
      const find = async (text: string) =>
        (await h.tx((tx) => tx.repo('manufacturer').find({ name: { $contains: text } }))).map((m) => m.name);
      expect(await find('%')).toEqual(['Fifty%Off']);
      expect(await find('y%o')).toEqual(['Fifty%Off']);
      expect(await find('t_a')).toEqual(['part_a']);
      expect(await find('\\')).toEqual(['back\\slash']);
    });
  });
}
