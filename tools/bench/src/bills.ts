import {
  addSubpart, parseSubpart,
  createPart, parseCreatePart,
  createRecord, parseRecord,
  ensureToken,
  explodeBom,
  listPartAncestors,
  manufacturerResource,
  parttypeResource,
  principalOf,
  systemClock,
  unitResource,
  type Context,
  type Store,
} from '@pips/domain';

/** Parts per level of the generated assembly: 2,000 parts, six levels deep. */
export const LEVELS = [1, 4, 16, 64, 256, 1659] as const;

/** A store for the bill measurements, and how many statements it has sent so far (null: it sends none). */
export interface CountedStore {
  store: Store;
  statements(): number | null;
}

export interface BillFigure {
  label: string;
  /** Median wall time of one call, in milliseconds. */
  medianMs: number;
  /** Statements one call sends (null for the memory engine). */
  statements: number | null;
}

export interface BillTree {
  ctx: Context;
  /** Part ids by level, top first. */
  levels: number[][];
  /** Each part's first revision. */
  revisionOf: Map<number, number>;
  partnumberOf: Map<number, string>;
  lines: number;
}

/** The generated assembly: each part of a level listed on one part of the level above, spread evenly. */
export async function seedBillTree(store: Store, levels: readonly number[] = LEVELS): Promise<BillTree> {
  const actor = principalOf(await ensureToken({ store, clock: systemClock }, 'bench-bills', 'bench'));
  const ctx: Context = { store, clock: systemClock, actor, site: { currency: 'USD' } };
  const setting = {
    manufacturer_id: String((await createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name: 'Bench Bills' }))).row.id),
    parttype_id: String((await createRecord(ctx, parttypeResource, parseRecord(parttypeResource, { name: 'Bench Assembly' }))).row.id),
    unit_id: String((await createRecord(ctx, unitResource, parseRecord(unitResource, { name: 'Bench Each' }))).row.id),
  };
  const tree: BillTree = { ctx, levels: [], revisionOf: new Map(), partnumberOf: new Map(), lines: 0 };
  for (const [depth, size] of levels.entries()) {
    const ids: number[] = [];
    for (let i = 0; i < size; i++) {
      const partnumber = `BILL-${depth}-${i}`;
      const view = await createPart(ctx, parseCreatePart({ manufacturer_pn: partnumber, partnumber, ...setting, revision: { revision_name: 'A' } }));
      ids.push(view.part.id);
      tree.revisionOf.set(view.part.id, view.revision.revision.id);
      tree.partnumberOf.set(view.part.id, partnumber);
    }
    const above = tree.levels[depth - 1];
    if (above) {
      for (const [i, id] of ids.entries()) {
        await addSubpart(ctx, parseSubpart({ part_id: String(above[i % above.length]), partnumber: tree.partnumberOf.get(id), quantity: '2' }));
        tree.lines++;
      }
    }
    tree.levels.push(ids);
  }
  return tree;
}

/** Median wall time of `runs` calls of `work`, and the statements one call sends. */
async function figure(label: string, counted: CountedStore, runs: number, work: () => Promise<unknown>): Promise<BillFigure> {
  await work();
  const before = counted.statements();
  await work();
  const after = counted.statements();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { label, medianMs: times[Math.floor((times.length - 1) / 2)]!, statements: before === null || after === null ? null : after - before };
}

/** Expects `work` to be refused with `code`: the cycle check must refuse, or the figure means nothing. */
function refusedWith(code: string, work: () => Promise<unknown>): () => Promise<void> {
  return async () => {
    const error = await work().then(
      () => null,
      (e: unknown) => e,
    );
    if ((error as { code?: string } | null)?.code !== code) throw new Error(`expected a ${code} refusal, got ${String(error)}`);
  };
}

/**
 * The exploded bill, where-used and the cycle check on the generated assembly: the top exploded
 * to every level and to one, where a leaf and a second-level part are used, and the refusal of
 * the top part as a leaf's child, which walks all 1,999 lines below the top.
 */
export async function measureBills(counted: CountedStore, tree: BillTree, runs = 20): Promise<BillFigure[]> {
  const { ctx, levels, revisionOf } = tree;
  const top = levels[0]![0]!;
  const second = levels[1]![0]!;
  const leaf = levels.at(-1)![0]!;
  return [
    await figure('explode the top, every level', counted, runs, () => explodeBom(ctx, top, revisionOf.get(top)!, 'all')),
    await figure('explode the top, one level', counted, runs, () => explodeBom(ctx, top, revisionOf.get(top)!, 1)),
    await figure('where-used of a leaf', counted, runs, () => listPartAncestors(ctx, leaf, revisionOf.get(leaf)!)),
    await figure('where-used, second level', counted, runs, () => listPartAncestors(ctx, second, revisionOf.get(second)!)),
    await figure(
      'cycle check, top under a leaf',
      counted,
      runs,
      refusedWith('unprocessable', () => addSubpart(ctx, parseSubpart({ part_id: String(leaf), partnumber: tree.partnumberOf.get(top), quantity: '1' }))),
    ),
  ];
}
