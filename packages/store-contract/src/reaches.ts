import { beforeEach, describe, expect, it } from 'vitest';
import { count, many, one, reach, ref, type Tx } from '@pips/domain';
import type { Harness } from './harness';
import { seed } from './seed';

/** A bill walked down: from the lines of the revisions `where` names through the revisions they use. */
const down = { parent: 'part_revision_id', child: 'subpart_part_revision_id' } as const;
/** Where-used walked up: from the lines using the revisions `where` names to the lines using their revisions. */
const up = { parent: 'subpart_part_revision_id', child: 'part_revision_id' } as const;

/** A fresh revision (of a part of its own unless `part` is given): what a line names as assembly or child. */
interface Item {
  readonly part: number;
  readonly revision: number;
}

async function item(tx: Tx, part?: number): Promise<Item> {
  const owner = part ?? (await seed(tx, 'part')).id;
  return { part: owner, revision: (await seed(tx, 'part_revision', { part_id: owner })).id };
}

/** A line of `assembly`'s bill using `child`; answers its id. */
async function line(tx: Tx, assembly: Item, child: Item): Promise<number> {
  const values = { part_id: assembly.part, part_revision_id: assembly.revision, subpart_id: child.part, subpart_part_revision_id: child.revision };
  return (await seed(tx, 'subpart', values)).id;
}

const ids = (rows: ReadonlyArray<{ id: number }>) => rows.map((row) => row.id);

/**
 * A reach answers every distinct row reachable from its first rows, once each, in id order, in one
 * go and with no bound: deep chains, shared sub-assemblies and cycles in the data alike.
 */
export function describeReaches(h: Harness): void {
  describe('plans (reach)', () => {
    // A uses B and C; both use D; D uses E: D's line to E is reached along two paths.
    let a: Item, b: Item, c: Item, d: Item, e: Item;
    let ab: number, ac: number, bd: number, cd: number, de: number;

    beforeEach(async () => {
      await h.tx(async (tx) => {
        [a, b, c, d, e] = [await item(tx), await item(tx), await item(tx), await item(tx), await item(tx)];
        // Added out of order, so id order and walk order differ.
        de = await line(tx, d, e);
        cd = await line(tx, c, d);
        ab = await line(tx, a, b);
        bd = await line(tx, b, d);
        ac = await line(tx, a, c);
      });
    });

    it('answers each row reached once, in id order, whole, however many paths reach it', async () => {
      const loaded = await h.store().read((tx) =>
        tx.load({
          fromA: reach('subpart', { part_revision_id: a.revision }, down),
          fromD: reach('subpart', { part_revision_id: d.revision }, down),
          fromE: reach('subpart', { part_revision_id: e.revision }, down),
        }),
      );
      expect(ids(loaded.fromA)).toEqual([de, cd, ab, bd, ac]);
      expect(ids(loaded.fromD)).toEqual([de]);
      expect(loaded.fromE).toEqual([]);
      const stored = await h.store().read((tx) => tx.repo('subpart').find({ id: { $in: [de, cd, ab, bd, ac] } }));
      expect(loaded.fromA).toEqual(stored);
    });

    it('walks up as well as down, from several rows at once', async () => {
      const loaded = await h.store().read((tx) =>
        tx.load({
          usingE: reach('subpart', { subpart_part_revision_id: e.revision }, up),
          usingBorC: reach('subpart', { subpart_part_revision_id: { $in: [b.revision, c.revision] } }, up),
          belowBandC: reach('subpart', { part_revision_id: { $in: [b.revision, c.revision] } }, down),
        }),
      );
      expect(ids(loaded.usingE)).toEqual([de, cd, ab, bd, ac]);
      expect(ids(loaded.usingBorC)).toEqual([ab, ac]);
      expect(ids(loaded.belowBandC)).toEqual([de, cd, bd]);
    });

    it('ends on a cycle in the data, answering each row of it once', async () => {
      // E uses A (closing A → B → D → E → A), and C uses itself.
      const [ea, cc] = await h.tx(async (tx) => [await line(tx, e, a), await line(tx, c, c)]);
      const loaded = await h.store().read((tx) =>
        tx.load({
          fromD: reach('subpart', { part_revision_id: d.revision }, down),
          usingA: reach('subpart', { subpart_part_revision_id: a.revision }, up),
          fromC: reach('subpart', { part_revision_id: c.revision }, down),
        }),
      );
      expect(ids(loaded.fromD)).toEqual([de, cd, ab, bd, ac, ea, cc]);
      expect(ids(loaded.usingA)).toEqual([de, cd, ab, bd, ac, ea, cc]);
      expect(ids(loaded.fromC)).toEqual([de, cd, ab, bd, ac, ea, cc]);
    });

    it('reaches the bottom of a chain 600 levels deep, and through a lattice whose paths no walk could count', async () => {
      const chain = await h.tx(async (tx) => {
        const shared = (await seed(tx, 'part')).id;
        const items = [await item(tx, shared)];
        const lines: number[] = [];
        for (let i = 1; i < 600; i++) {
          items.push(await item(tx, shared));
          lines.push(await line(tx, items[i - 1]!, items[i]!));
        }
        return { items, lines };
      });
      // Sixty levels of two revisions, each using both of the level below: 236 lines, 2^59 paths from a top revision.
      const lattice = await h.tx(async (tx) => {
        const shared = (await seed(tx, 'part')).id;
        let level = [await item(tx, shared), await item(tx, shared)];
        const top = level;
        const lines: number[] = [];
        for (let i = 1; i < 60; i++) {
          const next = [await item(tx, shared), await item(tx, shared)];
          for (const assembly of level) for (const child of next) lines.push(await line(tx, assembly, child));
          level = next;
        }
        return { top, bottom: level, lines };
      });
      const loaded = await h.store().read((tx) =>
        tx.load({
          chain: reach('subpart', { part_revision_id: chain.items[0]!.revision }, { ...down, columns: ['id'] }),
          fromMiddle: reach('subpart', { part_revision_id: chain.items[300]!.revision }, { ...down, columns: ['id'] }),
          usingBottom: reach('subpart', { subpart_part_revision_id: chain.items[599]!.revision }, { ...up, columns: ['id'] }),
          lattice: reach('subpart', { part_revision_id: lattice.top[0]!.revision }, { ...down, columns: ['id'] }),
          usingLatticeBottom: reach('subpart', { subpart_part_revision_id: lattice.bottom[1]!.revision }, { ...up, columns: ['id'] }),
        }),
      );
      expect(ids(loaded.chain)).toEqual(chain.lines);
      expect(ids(loaded.fromMiddle)).toEqual(chain.lines.slice(300));
      expect(ids(loaded.usingBottom)).toEqual(chain.lines);
      // From one top revision: its own two lines, then every line below level 1.
      expect(ids(loaded.lattice)).toEqual(lattice.lines.slice(0, 2).concat(lattice.lines.slice(4)));
      // Every line but the two of the last level that use the bottom's other revision.
      expect(ids(loaded.usingLatticeBottom)).toEqual(lattice.lines.filter((_, i) => i !== 232 && i !== 234));
    });

    it('starts from an earlier entry and lets later entries refer to the rows it reached; an empty reach matches nothing', async () => {
      const loaded = await h.store().read((tx) =>
        tx.load({
          top: one('part_revision', { id: b.revision }),
          lines: reach('subpart', { part_revision_id: ref('top', 'id') }, down),
          parts: many('part', { id: ref('lines', 'subpart_id') }),
          revisions: count('part_revision', { id: ref('lines', 'subpart_part_revision_id') }),
          above: reach('subpart', { subpart_part_revision_id: ref('lines', 'part_revision_id') }, up),
          empty: reach('subpart', { part_revision_id: e.revision }, down),
          emptyParts: many('part', { id: ref('empty', 'subpart_id') }),
          fromEmpty: reach('subpart', { part_revision_id: ref('empty', 'subpart_part_revision_id') }, down),
        }),
      );
      expect(ids(loaded.lines)).toEqual([de, bd]);
      expect(ids(loaded.parts)).toEqual([d.part, e.part]);
      expect(loaded.revisions).toBe(2);
      // The lines using B or D, and those above them.
      expect(ids(loaded.above)).toEqual([cd, ab, bd, ac]);
      expect(loaded.empty).toEqual([]);
      expect(loaded.emptyParts).toEqual([]);
      expect(loaded.fromEmpty).toEqual([]);
    });

    it('answers only the columns a reach names, in order, and refers through them', async () => {
      const loaded = await h.store().read((tx) =>
        tx.load({
          lines: reach('subpart', { part_revision_id: b.revision }, { ...down, columns: ['subpart_id', 'id'] }),
          parts: many('part', { id: ref('lines', 'subpart_id') }, { columns: ['id'] }),
        }),
      );
      expect(loaded.lines).toEqual([
        { subpart_id: e.part, id: de },
        { subpart_id: d.part, id: bd },
      ]);
      expect(loaded.lines.map((row) => Object.keys(row))).toEqual([
        ['subpart_id', 'id'],
        ['subpart_id', 'id'],
      ]);
      expect(loaded.parts).toEqual([{ id: d.part }, { id: e.part }]);
      // @ts-expect-error: a projected row has only the columns named.
      void loaded.lines[0]?.quantity;
      await expect(
        h.store().read((tx) =>
          tx.load({
            lines: reach('subpart', { part_revision_id: a.revision }, { ...down, columns: ['id'] }),
            parts: many('part', { id: ref('lines', 'subpart_id') }),
          }),
        ),
      ).rejects.toThrow(/lines\.subpart_id, which that entry does not answer/);
    });

    it('refuses a reach that does not name the columns it walks', async () => {
      for (const options of [{ parent: 'part_revision_id' }, { child: 'subpart_part_revision_id' }, {}]) {
        await expect(
          h.store().read((tx) => tx.load({ lines: reach('subpart', { part_revision_id: a.revision }, options as unknown as typeof down) })),
        ).rejects.toThrow(/lines is a reach without its parent and child columns/);
      }
    });
  });
}
