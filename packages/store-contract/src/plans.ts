import { beforeEach, describe, expect, it } from 'vitest';
import { count, many, one, ref, type Parttype, type Where } from '@pips/domain';
import { at } from './fixtures';
import type { Harness } from './harness';
import { seed } from './seed';

/** Text that trips collations, escapes and JSON: code points above the BMP, quotes, backslashes, controls. */
const AWKWARD = ['plain', 'Ω ünïcödé', '😀 astral', 'quote " and \\ backslash', 'tab\tand\nnewline', "it's", ''];

/** A plan answers what the same finds would, in one go, each entry seeing the ones before it. */
export function describePlans(h: Harness): void {
  describe('plans (load)', () => {
    let ids: { root: number; child: number; grandchild: number; other: number };

    beforeEach(async () => {
      ids = await h.tx(async (tx) => {
        const root = await seed(tx, 'parttype', { name: 'root', attrition: '1.2500', part_next: 3 });
        const child = await seed(tx, 'parttype', { name: 'child', parent_id: root.id, attrition: '0.0000001' });
        const grandchild = await seed(tx, 'parttype', { name: 'grandchild', parent_id: child.id, is_non_material: true });
        const other = await seed(tx, 'parttype', { name: 'other', parent_id: root.id, created_at: at(5000) });
        return { root: root.id, child: child.id, grandchild: grandchild.id, other: other.id };
      });
    });

    it('answers one, many and count, each as its find would', async () => {
      const loaded = await h.store().read((tx) =>
        tx.load({
          root: one('parttype', { id: ids.root }),
          children: many('parttype', { parent_id: ids.root }),
          all: count('parttype'),
          missing: one('parttype', { id: 999 }),
        }),
      );
      const direct = await h.store().read(async (tx) => ({
        root: await tx.repo('parttype').get(ids.root),
        children: await tx.repo('parttype').find({ parent_id: ids.root }),
      }));
      expect(loaded.root).toEqual(direct.root);
      expect(loaded.children).toEqual(direct.children);
      expect(loaded.all).toBe(4);
      expect(loaded.missing).toBeNull();
    });

    it('follows references to an earlier one (equality) and an earlier many (membership)', async () => {
      const loaded = await h.store().read((tx) =>
        tx.load({
          child: one('parttype', { name: 'child' }),
          parent: one('parttype', { id: ref('child', 'parent_id') }),
          siblings: many('parttype', { parent_id: ref('child', 'parent_id') }, { orderBy: [['name', 'asc']] }),
          theirChildren: many('parttype', { parent_id: ref('siblings', 'id') }),
          howMany: count('parttype', { parent_id: ref('siblings', 'id') }),
        }),
      );
      expect(loaded.parent?.id).toBe(ids.root);
      expect(loaded.siblings.map((p) => p.name)).toEqual(['child', 'other']);
      expect(loaded.theirChildren.map((p) => p.id)).toEqual([ids.grandchild]);
      expect(loaded.howMany).toBe(1);
    });

    it('matches nothing through a null value, a missing row or an empty list', async () => {
      const loaded = await h.store().read((tx) =>
        tx.load({
          root: one('parttype', { id: ids.root }),
          // root.parent_id is null: no row has a null id, and nulls are not equal here.
          rootParent: one('parttype', { id: ref('root', 'parent_id') }),
          nullParents: many('parttype', { parent_id: ref('root', 'parent_id') }),
          nobody: one('parttype', { name: 'nobody' }),
          nobodysChildren: many('parttype', { parent_id: ref('nobody', 'id') }),
          none: many('parttype', { id: { $in: [] } }),
          noneChildren: many('parttype', { parent_id: ref('none', 'id') }),
          noneCount: count('parttype', { parent_id: ref('none', 'id') }),
        }),
      );
      expect(loaded.rootParent).toBeNull();
      expect(loaded.nullParents).toEqual([]);
      expect(loaded.nobodysChildren).toEqual([]);
      expect(loaded.noneChildren).toEqual([]);
      expect(loaded.noneCount).toBe(0);
    });

    it('orders and pages a many as find does, refs and all', async () => {
      const byName = { orderBy: [['name', 'desc']] as const, limit: 2, offset: 1 };
      const loaded = await h.store().read((tx) =>
        tx.load({
          root: one('parttype', { id: ids.root }),
          page: many('parttype', {}, byName),
          pageChildren: many('parttype', { parent_id: ref('page', 'id') }, { orderBy: [['created_at', 'desc']] }),
        }),
      );
      const page = await h.store().read((tx) => tx.repo('parttype').find({}, byName));
      expect(loaded.page).toEqual(page);
      expect(loaded.page.map((p) => p.name)).toEqual(['other', 'grandchild']);
      expect(loaded.pageChildren).toEqual([]);
    });

    it('agrees with find on every kind of condition', async () => {
      const wheres: Array<Where<Parttype>> = [
        { parent_id: null },
        { parent_id: { $ne: ids.root } },
        { parent_id: { $in: [ids.root, null] } },
        { name: { $contains: 'CHI' } },
        { name: { $gte: 'grand' } },
        { attrition: { $lt: '1.0' } },
        { is_non_material: true, parent_id: { $ne: null } },
        { created_at: { $gt: at(1000) } },
      ];
      for (const where of wheres) {
        const [loaded, found] = await h.store().read(async (tx) => [
          (await tx.load({ rows: many('parttype', where) })).rows,
          await tx.repo('parttype').find(where),
        ]);
        expect(loaded, JSON.stringify(where)).toEqual(found);
      }
    });

    it('reads every kind of value back exactly: decimals, floats, instants, flags and awkward text', async () => {
      const made = await h.tx(async (tx) => {
        const rows = [];
        for (const [i, name] of AWKWARD.entries()) {
          rows.push(await seed(tx, 'part', { value_text: name, value: [1e-12, 4700, 1 / 3][i % 3]!, inventory_price: '12345678901234567890.0123456789' }));
        }
        return rows;
      });
      const loaded = await h.store().read((tx) => tx.load({ parts: many('part', { id: { $in: made.map((p) => p.id) } }) }));
      expect(loaded.parts).toEqual(made);
      expect(loaded.parts.map((p) => p.value_text)).toEqual(AWKWARD);
      expect(loaded.parts[0]!.created_at).toBeInstanceOf(Date);
    });

    it('answers only the columns a many names, in order, values exact, refs and order by any column', async () => {
      const made = await h.tx((tx) => seed(tx, 'part', { value_text: AWKWARD[3]!, value: 1 / 3, inventory_price: '0.0000000001' }));
      const loaded = await h.store().read((tx) =>
        tx.load({
          named: many('parttype', { parent_id: ids.root }, { columns: ['name', 'id', 'attrition', 'created_at'], orderBy: [['created_at', 'desc']] }),
          theirChildren: many('parttype', { parent_id: ref('named', 'id') }, { columns: ['name'] }),
          part: many('part', { id: made.id }, { columns: ['inventory_price', 'value', 'value_text', 'updated_at'] }),
        }),
      );
      const full = await h.store().read((tx) => tx.repo('parttype').find({ parent_id: ids.root }, { orderBy: [['created_at', 'desc']] }));
      expect(loaded.named).toEqual(full.map(({ name, id, attrition, created_at }) => ({ name, id, attrition, created_at })));
      expect(loaded.named.map((row) => Object.keys(row))).toEqual(full.map(() => ['name', 'id', 'attrition', 'created_at']));
      expect(loaded.named.map((row) => row.name)).toEqual(['other', 'child']);
      expect(loaded.theirChildren).toEqual([{ name: 'grandchild' }]);
      expect(loaded.part).toEqual([{ inventory_price: made.inventory_price, value: made.value, value_text: made.value_text, updated_at: made.updated_at }]);
    });

    it('refuses a reference to a column the entry it names does not answer', async () => {
      await expect(
        h.store().read((tx) => tx.load({ a: many('parttype', {}, { columns: ['name'] }), b: many('parttype', { parent_id: ref('a', 'id') }) })),
      ).rejects.toThrow(/a\.id, which that entry does not answer/);
    });

    it('inside a transaction, sees the transaction’s own writes', async () => {
      const loaded = await h.tx(async (tx) => {
        await seed(tx, 'parttype', { name: 'fresh', parent_id: ids.root });
        return tx.load({ children: many('parttype', { parent_id: ids.root }), all: count('parttype') });
      });
      expect(loaded.children.map((p) => p.name)).toEqual(['child', 'other', 'fresh']);
      expect(loaded.all).toBe(5);
    });

    it('refuses a reference to a later entry, an unknown one or a count', async () => {
      await expect(
        h.store().read((tx) => tx.load({ a: one('parttype', { id: ref('b', 'id') }), b: one('parttype', { id: 1 }) })),
      ).rejects.toThrow(/refers to b/);
      await expect(
        h.store().read((tx) => tx.load({ n: count('parttype'), a: one('parttype', { id: ref('n', 'id') }) })),
      ).rejects.toThrow(/refers to n/);
    });
  });
}
