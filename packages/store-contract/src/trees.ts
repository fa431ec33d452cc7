import { beforeEach, describe, expect, it } from 'vitest';
import { count, many, one, ref, tree, type NewRow, type Subpart, type Tx } from '@pips/domain';
import type { Harness } from './harness';
import { seed } from './seed';

/** A part with one revision: what a line of a bill names as its assembly or its child. */
interface Item {
  readonly part: number;
  readonly revision: number;
}

async function item(tx: Tx): Promise<Item> {
  const part = await seed(tx, 'part');
  return { part: part.id, revision: (await seed(tx, 'part_revision', { part_id: part.id })).id };
}

/** A line of `assembly`'s bill that uses `child`; answers the line's id. */
async function line(tx: Tx, assembly: Item, child: Item, overrides: Partial<NewRow<Subpart>> = {}): Promise<number> {
  const values = { part_id: assembly.part, part_revision_id: assembly.revision, subpart_id: child.part, subpart_part_revision_id: child.revision };
  return (await seed(tx, 'subpart', { ...values, ...overrides })).id;
}

/** A bill walked from the revisions `where` names down through the revisions its lines use. */
const bill = { parent: 'part_revision_id', child: 'subpart_part_revision_id', maxDepth: 20, limit: 1000 } as const;

const pathsOf = (items: ReadonlyArray<{ path: number[] }>) => items.map((i) => i.path);

/** A tree answers every row reachable from its first level, once per path, in path order, in one go. */
export function describeTrees(h: Harness): void {
  describe('plans (tree)', () => {
    // A uses C and B; B uses D and E; D uses F. Lines are added out of order, so id order,
    // level order and path order all differ.
    let a: Item, b: Item, c: Item, d: Item, e: Item, f: Item;
    let bd: number, ac: number, df: number, ab: number, be: number;

    beforeEach(async () => {
      await h.tx(async (tx) => {
        [a, b, c, d, e, f] = [await item(tx), await item(tx), await item(tx), await item(tx), await item(tx), await item(tx)];
        bd = await line(tx, b, d);
        ac = await line(tx, a, c, { quantity: '0.0000000001', designator: 'R1 " \\ 😀' });
        df = await line(tx, d, f, { no_load: false, comment: null });
        ab = await line(tx, a, b, { quantity: '12345678901234567890.0123456789', position: 2 });
        be = await line(tx, b, e, { build_sequence: 7 });
      });
    });

    it('answers every line of a three-level bill with its path, depth first, siblings by id, values exact', async () => {
      const loaded = await h.store().read((tx) =>
        tx.load({ top: one('part_revision', { id: a.revision }), lines: tree('subpart', { part_revision_id: ref('top', 'id') }, bill) }),
      );
      expect(pathsOf(loaded.lines)).toEqual([[ac], [ab], [ab, bd], [ab, bd, df], [ab, be]]);
      const stored = await h.store().read((tx) => tx.repo('subpart').find({ id: { $in: [ac, ab, bd, df, be] } }));
      const byId = new Map(stored.map((row) => [row.id, row]));
      expect(loaded.lines.map((i) => i.row)).toEqual(loaded.lines.map((i) => byId.get(i.row.id)));
      expect(loaded.lines.map((i) => i.row.quantity).slice(0, 2)).toEqual(['0.0000000001', '12345678901234567890.0123456789']);
      expect(loaded.lines[0]!.row.designator).toBe('R1 " \\ 😀');
      expect(loaded.lines[0]!.row.created_at).toBeInstanceOf(Date);
    });

    it('answers a sub-assembly used twice once per path, as records of their own', async () => {
      const [twice, under] = await h.tx(async (tx) => [await line(tx, a, d), await line(tx, d, e)]);
      const loaded = await h.store().read((tx) => tx.load({ lines: tree('subpart', { part_revision_id: a.revision }, bill) }));
      expect(pathsOf(loaded.lines)).toEqual([
        [ac],
        [ab],
        [ab, bd],
        [ab, bd, df],
        [ab, bd, under],
        [ab, be],
        [twice],
        [twice, df],
        [twice, under],
      ]);
      expect(loaded.lines[7]!.row).toEqual(loaded.lines[3]!.row);
      expect(loaded.lines[7]!.row).not.toBe(loaded.lines[3]!.row);
    });

    it('stops a cycle in the data where a line would come again on its own path', async () => {
      // F uses A (closing A → B → D → F → A), and C uses itself.
      const [fa, cc] = await h.tx(async (tx) => [await line(tx, f, a), await line(tx, c, c)]);
      const loaded = await h.store().read((tx) =>
        tx.load({
          fromA: tree('subpart', { part_revision_id: a.revision }, bill),
          fromF: tree('subpart', { part_revision_id: f.revision }, { ...bill, maxDepth: 100 }),
          fromC: tree('subpart', { part_revision_id: c.revision }, bill),
        }),
      );
      expect(pathsOf(loaded.fromA)).toEqual([
        [ac],
        [ac, cc],
        [ab],
        [ab, bd],
        [ab, bd, df],
        [ab, bd, df, fa],
        [ab, bd, df, fa, ac],
        [ab, bd, df, fa, ac, cc],
        [ab, be],
      ]);
      expect(pathsOf(loaded.fromF)).toEqual([
        [fa],
        [fa, ac],
        [fa, ac, cc],
        [fa, ab],
        [fa, ab, bd],
        [fa, ab, bd, df],
        [fa, ab, be],
      ]);
      expect(pathsOf(loaded.fromC)).toEqual([[cc]]);
    });

    it('goes no deeper than maxDepth and answers no more than limit items, counted in path order', async () => {
      const from = { part_revision_id: a.revision };
      const loaded = await h.store().read((tx) =>
        tx.load({
          level1: tree('subpart', from, { ...bill, maxDepth: 1 }),
          level2: tree('subpart', from, { ...bill, maxDepth: 2 }),
          first3: tree('subpart', from, { ...bill, limit: 3 }),
          none: tree('subpart', from, { ...bill, limit: 0 }),
          // A later entry sees only the items answered.
          first3Parts: many('part', { id: ref('first3', 'subpart_id') }),
        }),
      );
      expect(pathsOf(loaded.level1)).toEqual([[ac], [ab]]);
      expect(pathsOf(loaded.level2)).toEqual([[ac], [ab], [ab, bd], [ab, be]]);
      expect(pathsOf(loaded.first3)).toEqual([[ac], [ab], [ab, bd]]);
      expect(loaded.none).toEqual([]);
      expect(loaded.first3Parts.map((p) => p.id)).toEqual([b.part, c.part, d.part]);
    });

    it('lets later entries refer to the rows a tree reached; an empty tree matches nothing', async () => {
      const loaded = await h.store().read((tx) =>
        tx.load({
          lines: tree('subpart', { part_revision_id: a.revision }, bill),
          parts: many('part', { id: ref('lines', 'subpart_id') }),
          revisions: count('part_revision', { id: ref('lines', 'subpart_part_revision_id') }),
          firstPart: one('part', { id: ref('lines', 'subpart_id') }),
          // The first level of every bill the first tree reached.
          below: tree('subpart', { part_revision_id: ref('lines', 'subpart_part_revision_id') }, { ...bill, maxDepth: 1 }),
          empty: tree('subpart', { part_revision_id: f.revision }, bill),
          emptyParts: many('part', { id: ref('empty', 'subpart_id') }),
          emptyCount: count('subpart', { id: ref('empty', 'id') }),
        }),
      );
      expect(loaded.parts.map((p) => p.id)).toEqual([b, c, d, e, f].map((x) => x.part));
      expect(loaded.revisions).toBe(5);
      expect(loaded.firstPart?.id).toBe(b.part);
      expect(pathsOf(loaded.below)).toEqual([[bd], [df], [be]]);
      expect(loaded.empty).toEqual([]);
      expect(loaded.emptyParts).toEqual([]);
      expect(loaded.emptyCount).toBe(0);
    });

    it('answers only the columns a tree names, in order, and refers through them', async () => {
      const loaded = await h.store().read((tx) =>
        tx.load({
          lines: tree('subpart', { part_revision_id: a.revision }, { ...bill, maxDepth: 1, columns: ['quantity', 'subpart_id'] }),
          parts: many('part', { id: ref('lines', 'subpart_id') }, { columns: ['id'] }),
        }),
      );
      expect(loaded.lines).toEqual([
        { row: { quantity: '0.0000000001', subpart_id: c.part }, path: [ac] },
        { row: { quantity: '12345678901234567890.0123456789', subpart_id: b.part }, path: [ab] },
      ]);
      expect(loaded.lines.map((i) => Object.keys(i.row))).toEqual([
        ['quantity', 'subpart_id'],
        ['quantity', 'subpart_id'],
      ]);
      expect(loaded.parts).toEqual([{ id: b.part }, { id: c.part }]);
      // @ts-expect-error: a projected row has only the columns named.
      void loaded.lines[0]?.row.id;
      await expect(
        h.store().read((tx) =>
          tx.load({
            lines: tree('subpart', { part_revision_id: a.revision }, { ...bill, columns: ['quantity'] }),
            parts: many('part', { id: ref('lines', 'subpart_id') }),
          }),
        ),
      ).rejects.toThrow(/lines\.subpart_id, which that entry does not answer/);
    });

    it('refuses a tree without its bounds', async () => {
      for (const bounds of [{ maxDepth: 0 }, { limit: -1 }, { maxDepth: 1.5 }]) {
        await expect(
          h.store().read((tx) => tx.load({ lines: tree('subpart', { part_revision_id: a.revision }, { ...bill, ...bounds }) })),
        ).rejects.toThrow(/lines is a tree without/);
      }
    });
  });
}
