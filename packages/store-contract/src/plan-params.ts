import { beforeEach, describe, expect, it } from 'vitest';
import { count, many, one, param, ref, type Parttype, type Plan, type PlanArgs, type PlanWhere, type Where } from '@pips/domain';
import { at } from './fixtures';
import type { Harness } from './harness';
import { seed } from './seed';

/**
 * A plan built once with parameters answers, run after run, what the same plan with the values
 * written in answers: every kind of condition, pages, a parameter beside references; and a run
 * that leaves a parameter without a value is refused rather than read as null.
 */
export function describePlanParams(h: Harness): void {
  describe('plan parameters', () => {
    let ids: { root: number; child: number; grandchild: number; other: number };

    beforeEach(async () => {
      ids = await h.tx(async (tx) => {
        const root = await seed(tx, 'parttype', { name: 'root', attrition: '1.2500' });
        const child = await seed(tx, 'parttype', { name: 'child', parent_id: root.id, attrition: '0.0000001' });
        const grandchild = await seed(tx, 'parttype', { name: 'grandchild', parent_id: child.id, is_non_material: true });
        const other = await seed(tx, 'parttype', { name: 'Other 100%_x', parent_id: root.id, created_at: at(5000) });
        return { root: root.id, child: child.id, grandchild: grandchild.id, other: other.id };
      });
    });

    const load = <P extends Plan>(plan: P, args?: PlanArgs) => h.store().read((tx) => tx.load(plan, args));

    it('answers each condition as the same condition with its value written in', async () => {
      const cases: Array<{ param: PlanWhere<Parttype>; values: Array<{ args: PlanArgs; written: Where<Parttype> }> }> = [
        {
          param: { id: param('id') },
          values: [ids.root, ids.other, 999].map((id) => ({ args: { id }, written: { id } })),
        },
        {
          param: { id: { $in: param('ids') } },
          values: [[ids.root, ids.child], [], [ids.grandchild, 999]].map((list) => ({ args: { ids: list }, written: { id: { $in: list } } })),
        },
        {
          param: { parent_id: { $ne: param('parent') } },
          values: [{ args: { parent: ids.root }, written: { parent_id: { $ne: ids.root } } }],
        },
        {
          param: { attrition: { $gte: param('least') }, created_at: { $lt: param('before') } },
          values: [
            { args: { least: '0.0000001', before: at(6000) }, written: { attrition: { $gte: '0.0000001' }, created_at: { $lt: at(6000) } } },
            { args: { least: '1.25', before: at(1) }, written: { attrition: { $gte: '1.25' }, created_at: { $lt: at(1) } } },
          ],
        },
        {
          // Text is taken literally, a parameter's as a written value's: `%` and `_` are plain characters.
          param: { name: { $contains: param('term') } },
          values: ['CHI', '100%_', '%', 'nothing'].map((term) => ({ args: { term }, written: { name: { $contains: term } } })),
        },
        {
          param: { $or: [{ name: { $startsWith: param('start') } }, { parent_id: param('parent') }] },
          values: [{ args: { start: 'gr', parent: ids.root }, written: { $or: [{ name: { $startsWith: 'gr' } }, { parent_id: ids.root }] } }],
        },
      ];
      for (const { param: where, values } of cases) {
        // One plan object for every run: what an adapter compiles once must answer each run anew.
        const plan = { rows: many('parttype', where), n: count('parttype', where) };
        for (const { args, written } of values) {
          const [withParams, withValues] = [await load(plan, args), await load({ rows: many('parttype', written), n: count('parttype', written) })];
          expect(withParams, JSON.stringify(args)).toEqual(withValues);
        }
      }
    });

    it('pages through a limit and an offset given as parameters, beside references', async () => {
      const plan = {
        page: many('parttype', {}, { orderBy: [['name', 'asc']], limit: param('limit'), offset: param('offset') }),
        children: many('parttype', { parent_id: ref('page', 'id') }),
        parent: one('parttype', { id: param('id') }),
      };
      for (const [limit, offset] of [
        [2, 0],
        [2, 2],
        [1, 3],
        [5, 4],
      ] as const) {
        const loaded = await load(plan, { limit, offset, id: ids.child });
        const written = await load({
          page: many('parttype', {}, { orderBy: [['name', 'asc']], limit, offset }),
          children: many('parttype', { parent_id: ref('page', 'id') }),
          parent: one('parttype', { id: ids.child }),
        });
        expect(loaded, `${limit}/${offset}`).toEqual(written);
      }
      expect((await load(plan, { limit: 2, offset: 0, id: ids.child })).page.map((p) => p.name)).toEqual(['Other 100%_x', 'child']);
    });

    it('refuses a run that gives a parameter no value, null, or a list holding null', async () => {
      const plan = { row: one('parttype', { id: param('id') }), rows: many('parttype', { id: { $in: param('ids') } }) };
      await expect(load(plan, { ids: [] })).rejects.toThrow(/parameter id/);
      await expect(load(plan, { id: null, ids: [] })).rejects.toThrow(/parameter id/);
      await expect(load(plan, { id: ids.root, ids: [ids.child, null] })).rejects.toThrow(/parameter ids/);
      await expect(load(plan)).rejects.toThrow(/parameter/);
      expect((await load(plan, { id: ids.root, ids: [ids.child] })).rows.map((p) => p.id)).toEqual([ids.child]);
    });
  });
}
