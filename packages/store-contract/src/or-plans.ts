import { beforeEach, describe, expect, it } from 'vitest';
import { count, many, one, ref, tree, type Parttype, type PlanWhere, type Tables, type Where } from '@pips/domain';
import type { Harness } from './harness';
import { seed } from './seed';

/** `$or` in plan entries: branches may refer to earlier entries, nest, and serve every kind of entry. */
export function describeOrPlans(h: Harness): void {
  describe('plans: $or', () => {
    let ids: { root: number; child: number; grandchild: number; other: number };

    beforeEach(async () => {
      ids = await h.tx(async (tx) => {
        const root = await seed(tx, 'parttype', { name: 'root' });
        const child = await seed(tx, 'parttype', { name: 'child', parent_id: root.id });
        const grandchild = await seed(tx, 'parttype', { name: 'grandchild', parent_id: child.id });
        const other = await seed(tx, 'parttype', { name: 'other', parent_id: root.id });
        return { root: root.id, child: child.id, grandchild: grandchild.id, other: other.id };
      });
    });

    const names = (rows: ReadonlyArray<{ name: string }>) => rows.map((row) => row.name);

    it('searches units by their own text or their part’s number, a page and a total in one plan', async () => {
      const units = await h.tx(async (tx) => {
        const abc = await seed(tx, 'part', { partnumber: 'ABC-100' });
        const xyz = await seed(tx, 'part', { partnumber: 'XYZ-200' });
        const lower = await seed(tx, 'part', { partnumber: 'xabc-300' });
        const made = [];
        for (const [part_id, serial_number] of [
          [abc.id, 'S-1'],
          [xyz.id, 'abc-9'],
          [xyz.id, null],
          [lower.id, null],
          [xyz.id, 'ZAbC'],
        ] as const) {
          made.push((await seed(tx, 'inventory_unit', { part_id, serial_number })).id);
        }
        return made;
      });
      const search = (term: string, offset: number) => {
        const matching: PlanWhere<Tables['inventory_unit']> = {
          $or: [{ serial_number: { $contains: term } }, { part_id: ref('parts', 'id') }],
        };
        return h.store().read((tx) =>
          tx.load({
            parts: many('part', { partnumber: { $contains: term } }, { columns: ['id'] }),
            units: many('inventory_unit', matching, { limit: 2, offset }),
            total: count('inventory_unit', matching),
          }),
        );
      };
      const first = await search('abc', 0);
      expect(first.units.map((u) => u.id)).toEqual([units[0], units[1]]);
      expect(first.total).toBe(4);
      expect((await search('abc', 2)).units.map((u) => u.id)).toEqual([units[3], units[4]]);
      const none = await search('nothing', 0);
      expect([none.units, none.total]).toEqual([[], 0]);
    });

    it('lets a branch hold a reference to a one (equality) and a many (membership), matching nothing through a null', async () => {
      const loaded = await h.store().read((tx) =>
        tx.load({
          child: one('parttype', { name: 'child' }),
          root: one('parttype', { id: ids.root }),
          children: many('parttype', { parent_id: ref('root', 'id') }, { columns: ['id'] }),
          parentOrKids: many('parttype', { $or: [{ id: ref('child', 'parent_id') }, { parent_id: ref('children', 'id') }] }),
          // root.parent_id is null: that branch matches nothing, the other still does.
          nullOrOther: many('parttype', { $or: [{ id: ref('root', 'parent_id') }, { name: 'other' }] }),
        }),
      );
      expect(names(loaded.parentOrKids)).toEqual(['root', 'grandchild']);
      expect(names(loaded.nullOrOther)).toEqual(['other']);
    });

    it('nests, and is AND-ed with the conditions beside it, in one, many, count and tree entries', async () => {
      const where: PlanWhere<Parttype> = {
        parent_id: { $ne: null },
        $or: [{ name: { $endsWith: 'CHILD' }, $or: [{ id: ref('kids', 'id') }, { parent_id: ref('kids', 'id') }] }, { name: { $equalsText: 'OTHER' } }],
      };
      const loaded = await h.store().read((tx) =>
        tx.load({
          kids: many('parttype', { name: 'child' }, { columns: ['id'] }),
          first: one('parttype', where),
          rows: many('parttype', where),
          howMany: count('parttype', where),
          walked: tree('parttype', { $or: [{ id: ref('kids', 'id') }, { name: 'other' }] }, { parent: 'parent_id', child: 'id', maxDepth: 5, limit: 10 }),
        }),
      );
      expect(loaded.first?.name).toBe('child');
      expect(names(loaded.rows)).toEqual(['child', 'grandchild', 'other']);
      expect(loaded.howMany).toBe(3);
      expect(loaded.walked.map((item) => item.path)).toEqual([[ids.child], [ids.child, ids.grandchild], [ids.other]]);
    });

    it('matches nothing with an empty list, in a many, a count and a tree', async () => {
      const loaded = await h.store().read((tx) =>
        tx.load({
          rows: many('parttype', { $or: [] }),
          howMany: count('parttype', { $or: [] }),
          walked: tree('parttype', { $or: [] }, { parent: 'parent_id', child: 'id', maxDepth: 5, limit: 10 }),
          later: many('parttype', { $or: [{ parent_id: ref('rows', 'id') }, { $or: [] }] }),
        }),
      );
      expect([loaded.rows, loaded.howMany, loaded.walked, loaded.later]).toEqual([[], 0, [], []]);
    });

    it('agrees with find on $or wheres', async () => {
      const wheres: Array<Where<Parttype>> = [
        { $or: [{ name: 'root' }, { parent_id: ids.child }] },
        { $or: [{ parent_id: null }, { name: { $startsWith: 'O' } }], id: { $ne: ids.root } },
        { $or: [{ $or: [{ name: { $contains: 'CHI' } }] }, { id: { $in: [] } }] },
      ];
      for (const where of wheres) {
        const [loaded, found] = await h.store().read(async (tx) => [
          (await tx.load({ rows: many('parttype', where) })).rows,
          await tx.repo('parttype').find(where),
        ]);
        expect(loaded, JSON.stringify(where)).toEqual(found);
        expect(found.length, JSON.stringify(where)).toBeGreaterThan(0);
      }
    });

    it('refuses a reference inside $or to a later entry, a count, or a column not answered', async () => {
      await expect(
        h.store().read((tx) => tx.load({ a: many('parttype', { $or: [{ name: 'x' }, { id: ref('b', 'id') }] }), b: one('parttype', { id: 1 }) })),
      ).rejects.toThrow(/a refers to b/);
      await expect(
        h.store().read((tx) => tx.load({ n: count('parttype'), a: many('parttype', { $or: [{ $or: [{ id: ref('n', 'id') }] }] }) })),
      ).rejects.toThrow(/a refers to n/);
      await expect(
        h.store().read((tx) =>
          tx.load({ a: many('parttype', {}, { columns: ['name'] }), b: many('parttype', { $or: [{ parent_id: ref('a', 'id') }] }) }),
        ),
      ).rejects.toThrow(/a\.id, which that entry does not answer/);
    });
  });
}
