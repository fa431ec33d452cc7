import { describe, expect, it } from 'vitest';
import { fakeContext, type FakeContext } from '../../test';
import { createPart } from '../../views/part-writes';
import { parseCreatePart } from '../../parts/create-part/create-part-input';
import { partBody, partSetting } from '../../scenarios/part-setting.test-helper';
import type { PartView } from '../../views/part-view';
import { createRevision } from '../create-revision/create-revision';
import { parseCreateRevision } from '../create-revision/create-revision-input';
import type { Context } from '../../context';
import type { Store } from '../../ports';
import { addSubparts } from './add-subparts/add-subparts';
import { parseAddSubparts } from './add-subparts/add-subparts-input';
import { addSubpart, removeSubpart, updateSubpart } from './change-subparts';
import { parseSubpartChanges } from './subpart-input';
import { parseSubpart } from './subpart-input';

async function setUp(options: Parameters<typeof fakeContext>[0] = {}) {
  const ctx = fakeContext(options);
  const setting = await partSetting(fakeContext({ store: ctx.store }));
  const make = (partnumber: string, manufacturer_pn = `MPN-${partnumber}`) =>
    createPart(fakeContext({ store: ctx.store }), parseCreatePart(partBody(setting, { partnumber, manufacturer_pn })));
  return { ctx, make, A: await make('A'), B: await make('B'), C: await make('C') };
}

const line = (assembly: PartView, child: PartView, extra: Record<string, unknown> = {}) => ({
  part_id: String(assembly.part.id),
  partnumber: child.part.partnumber,
  quantity: '2',
  ...extra,
});

/** Marks revision `id` released, as a release will. */
async function release(ctx: FakeContext, id: number) {
  await ctx.store.transaction((tx) => tx.repo('part_revision').update(id, { status: 'Active' }));
}

describe('addSubpart', () => {
  it('puts the line last on the part\'s draft bill and answers it', async () => {
    const { ctx, A, B, C } = await setUp();
    const first = await addSubpart(ctx, parseSubpart(line(A, B, { designator: 'R1', no_load: '1' })));
    const second = await addSubpart(ctx, parseSubpart({ part_revision_id: String(A.revision.revision.id), subpart_part_revision_id: String(C.revision.revision.id), quantity: '0' }));
    expect(first).toMatchObject({
      part_id: A.part.id, part_revision_id: A.revision.revision.id, subpart_id: B.part.id,
      subpart_part_revision_id: B.revision.revision.id, quantity: '2.0', designator: 'R1', no_load: true, position: 1,
    });
    expect(second).toMatchObject({ subpart_id: C.part.id, position: 2, no_load: false });
    expect((await ctx.store.rows('subpart')).map((row) => row.id)).toEqual([first.id, second.id]);
  });

  it('names the child by a unique manufacturer part number, else refuses with SPEC 7\'s message (400)', async () => {
    const { ctx, make, A, B } = await setUp();
    expect(await addSubpart(ctx, parseSubpart({ part_id: String(A.part.id), manufacturer_pn: 'MPN-B', quantity: '1' }))).toMatchObject({ subpart_id: B.part.id });
    await make('B2', 'MPN-B');
    for (const body of [
      { part_id: String(A.part.id), manufacturer_pn: 'MPN-B', quantity: '1' },
      { part_id: String(A.part.id), partnumber: 'NOPE', quantity: '1' },
    ]) {
      await expect(addSubpart(ctx, parseSubpart(body))).rejects.toMatchObject({ code: 'invalid', messages: ['You must specify a valid subpart.'] });
    }
    await expect(addSubpart(ctx, parseSubpart({ part_id: String(A.part.id), subpart_part_revision_id: '9999', quantity: '1' }))).rejects.toMatchObject({
      code: 'invalid',
      messages: ['Must belong to a valid subpart part revision.'],
    });
    expect(await ctx.store.rows('subpart')).toHaveLength(1);
  });

  it('needs create_draft_revisions (403) and writes nothing without it', async () => {
    const { ctx, A, B } = await setUp({ permissions: ['manage_data'] });
    await expect(addSubpart(ctx, parseSubpart(line(A, B)))).rejects.toMatchObject({ code: 'forbidden' });
    expect(await ctx.store.rows('subpart')).toEqual([]);
  });

  it('refuses a released revision, and a part without a draft (422)', async () => {
    const { ctx, A, B } = await setUp();
    await release(ctx, A.revision.revision.id);
    await expect(addSubpart(ctx, parseSubpart(line(A, B)))).rejects.toMatchObject({ code: 'unprocessable', messages: ['Part A has no draft revision: create one before changing its subparts'] });
    await expect(addSubpart(ctx, parseSubpart({ ...line(A, B), part_id: undefined, part_revision_id: String(A.revision.revision.id) }))).rejects.toMatchObject({
      code: 'unprocessable',
      messages: ['Subparts can be changed only on a draft revision: revision A is Active'],
    });
    expect(await ctx.store.rows('subpart')).toEqual([]);
  });

  it('refuses a revision of another part than part_id names (400)', async () => {
    const { ctx, A, B } = await setUp();
    await expect(addSubpart(ctx, parseSubpart({ ...line(A, B), part_revision_id: String(B.revision.revision.id) }))).rejects.toMatchObject({
      code: 'invalid',
      messages: ['Part revision must be a revision of the part'],
    });
  });

  it('refuses a part that would contain itself, at any depth, naming the path (422)', async () => {
    const { ctx, A, B, C } = await setUp();
    await expect(addSubpart(ctx, parseSubpart(line(A, A)))).rejects.toMatchObject({ code: 'unprocessable', messages: ['A part cannot contain itself: A > A'] });
    await addSubpart(ctx, parseSubpart(line(A, B)));
    await addSubpart(ctx, parseSubpart(line(B, C)));
    await expect(addSubpart(ctx, parseSubpart(line(B, A)))).rejects.toMatchObject({ messages: ['A part cannot contain itself: B > A > B'] });
    await expect(addSubpart(ctx, parseSubpart(line(C, A)))).rejects.toMatchObject({ messages: ['A part cannot contain itself: C > A > B > C'] });
    expect(await ctx.store.rows('subpart')).toHaveLength(2);
  });

  it('refuses a loop of any length, past any bound a read has, under the bill_structure lock, writing nothing', async () => {
    const { ctx, make } = await setUp();
    const chain: PartView[] = [];
    for (let i = 0; i < 120; i++) {
      chain.push(await make(`L${i}`));
      if (i > 0) await addSubpart(ctx, parseSubpart(line(chain[i - 1]!, chain[i]!)));
    }
    const before = await ctx.store.rows('subpart');
    const locks = ctx.store.namedLocks.length;
    const plans = ctx.store.plans.length;
    await expect(addSubpart(ctx, parseSubpart(line(chain[119]!, chain[0]!)))).rejects.toMatchObject({
      code: 'unprocessable',
      messages: [`A part cannot contain itself: ${['L119', ...chain.map((part) => part.part.partnumber)].join(' > ')}`],
    });
    expect(ctx.store.namedLocks.slice(locks)).toEqual(['bill_structure']);
    // Refused before its plan is written: the check reads the bill as the plan would leave it.
    expect(ctx.store.plans.length).toBe(plans);
    expect(await ctx.store.rows('subpart')).toEqual(before);
  });

  it('adds lines to one bill that wait together in one transaction, numbered in arrival order, each refused alone', async () => {
    const { ctx, make, A, B, C } = await setUp();
    const [D, E] = [await make('D'), await make('E')];
    await addSubpart(ctx, parseSubpart(line(D, A)));
    const [plans, locks] = [ctx.store.plans.length, ctx.store.namedLocks.length];
    // Five arrive while the first holds the bill's turn: they wait, and are taken together.
    let rest!: Promise<Array<PromiseSettledResult<Awaited<ReturnType<typeof addSubpart>>>>>;
    ctx.store.beforeNextWrite(() => {
      rest = Promise.allSettled([
        addSubpart(ctx, parseSubpart(line(A, C))),
        addSubpart(ctx, parseSubpart({ part_id: String(A.part.id), partnumber: 'NOPE', quantity: '1' })),
        addSubpart(ctx, parseSubpart(line(A, D))),
        addSubpart(ctx, parseSubpart({ part_id: String(A.part.id), subpart_part_revision_id: String(E.revision.revision.id), quantity: '3' })),
        addSubpart(ctx, parseSubpart(line(A, A))),
      ]);
    }, { table: 'subpart', kind: 'insert' });
    expect(await addSubpart(ctx, parseSubpart(line(A, B)))).toMatchObject({ subpart_id: B.part.id, position: 1 });
    const [c, nope, loop, e, itself] = await rest;
    expect([c, e].map((r) => (r?.status === 'fulfilled' ? [r.value.subpart_id, r.value.position, r.value.quantity] : r))).toEqual([
      [C.part.id, 2, '2.0'],
      [E.part.id, 3, '3.0'],
    ]);
    expect(nope).toMatchObject({ status: 'rejected', reason: { code: 'invalid', messages: ['You must specify a valid subpart.'] } });
    expect(loop).toMatchObject({ status: 'rejected', reason: { code: 'unprocessable', messages: ['A part cannot contain itself: A > D > A'] } });
    expect(itself).toMatchObject({ status: 'rejected', reason: { code: 'unprocessable', messages: ['A part cannot contain itself: A > A'] } });
    // The first alone, then the two that could be added in one plan, under one take of the lock.
    expect(ctx.store.plans.slice(plans).map((plan) => plan.steps.map((step) => `${step.kind} ${step.table}`))).toEqual([
      ['insert subpart', 'update part_revision', 'insert event'],
      ['insert subpart', 'insert subpart', 'update part_revision', 'insert event', 'insert event'],
    ]);
    expect(ctx.store.namedLocks.slice(locks)).toEqual(['bill_structure', 'bill_structure']);
    const bill = (await ctx.store.rows('subpart')).filter((row) => row.part_revision_id === A.revision.revision.id);
    expect(bill.map((row) => [row.subpart_id, row.position])).toEqual([[B.part.id, 1], [C.part.id, 2], [E.part.id, 3]]);
    const added = (await ctx.store.rows('event')).filter((event) => event.type === 'subpart.added').slice(-3);
    expect(added.map((event) => [event.record_id, (JSON.parse(event.payload) as { position: number }).position])).toEqual(bill.map((row) => [row.id, row.position]));
  });

  it('answers adds that waited together from the attempt that committed, when the store tries their transaction again', async () => {
    const { ctx, make, A, B, C } = await setUp();
    // A store that, once armed, fails a transaction's write as a deadlock would, makes part LATE, then tries the work again.
    let armed = false;
    const store: Store = {
      ...ctx.store,
      async transaction(work) {
        if (!armed) return ctx.store.transaction(work);
        armed = false;
        await ctx.store.transaction((tx) => work({ ...tx, write: () => Promise.reject(new Error('deadlock detected')) })).catch(() => undefined);
        await make('LATE');
        return ctx.store.transaction(work);
      },
    };
    const retrying: Context = { ...ctx, store };
    let rest!: Promise<Array<PromiseSettledResult<Awaited<ReturnType<typeof addSubpart>>>>>;
    ctx.store.beforeNextWrite(() => {
      rest = Promise.allSettled([
        addSubpart(retrying, parseSubpart(line(A, C))),
        addSubpart(retrying, parseSubpart({ part_id: String(A.part.id), partnumber: 'LATE', quantity: '1' })),
      ]);
      armed = true;
    }, { table: 'subpart', kind: 'insert' });
    await addSubpart(retrying, parseSubpart(line(A, B)));
    // LATE named nothing in the first attempt, which wrote nothing; the second found it and added both.
    const answers = (await rest).map((r) => (r.status === 'fulfilled' ? r.value.position : (r.reason as Error).message));
    expect(answers).toEqual([2, 3]);
    const bill = (await ctx.store.rows('subpart')).filter((row) => row.part_revision_id === A.revision.revision.id);
    expect(bill.map((row) => row.position)).toEqual([1, 2, 3]);
  });

  it('refuses a line that would make a part above the assembly contain itself, through another of its revisions', async () => {
    const { ctx, A, B } = await setUp();
    // A's revision 1 is released; its draft 2 lists B. B then listing A's revision 1 puts A (at 2) above A (at 1).
    await release(ctx, A.revision.revision.id);
    const aDraft = await createRevision(ctx, A.part.id, parseCreateRevision({ id: String(A.revision.revision.id) }, {}));
    await addSubpart(ctx, parseSubpart({ part_revision_id: String(aDraft.revision.id), partnumber: 'B', quantity: '1' }));
    const before = await ctx.store.rows('subpart');
    await expect(addSubpart(ctx, parseSubpart({ part_id: String(B.part.id), subpart_part_revision_id: String(A.revision.revision.id), quantity: '1' }))).rejects.toMatchObject({
      code: 'unprocessable',
      messages: ['A part cannot contain itself: A > B > A'],
    });
    expect(await ctx.store.rows('subpart')).toEqual(before);
  });
});

/** `ctx` on a store whose transactions note how many bill lines each loop check walked (its plan's `below`). */
function walkCounting(ctx: FakeContext): { ctx: Context; walked: number[] } {
  const walked: number[] = [];
  const store: Store = {
    ...ctx.store,
    transaction: (work) =>
      ctx.store.transaction((tx) =>
        work({
          ...tx,
          load: async (plan, args) => {
            const loaded = await tx.load(plan, args);
            if ('below' in loaded) walked.push((loaded.below as unknown[]).length);
            return loaded;
          },
        }),
      ),
  };
  return { ctx: { ...ctx, store }, walked };
}

describe('the loop check of a bill write', () => {
  it('walks below the lines an add writes, never the bill they join; a change walks the bill too', async () => {
    const { ctx, make, A, B, C } = await setUp();
    // A's bill: twenty lines, each child with a line of its own.
    for (let i = 0; i < 20; i++) {
      const child = await make(`K${i}`);
      await addSubpart(ctx, parseSubpart(line(A, child)));
      await addSubpart(ctx, parseSubpart(line(child, B)));
    }
    await addSubpart(ctx, parseSubpart(line(C, B)));
    const counting = walkCounting(ctx);
    const added = await addSubpart(counting.ctx, parseSubpart(line(A, C)));
    // C's one line, not A's forty below it.
    expect(counting.walked).toEqual([1]);
    await addSubparts(counting.ctx, A.part.id, A.revision.revision.id, parseAddSubparts({ subparts: [{ subpart_id: String(B.part.id), quantity: '1' }] }));
    expect(counting.walked).toEqual([1, 0]);
    // A change may re-point a line, which the check must see among those it walks: from the bill itself.
    await updateSubpart(counting.ctx, added.id, parseSubpartChanges({ partnumber: 'B' }));
    expect(counting.walked[2]).toBeGreaterThan(40);
  });
});

describe('updateSubpart and removeSubpart', () => {
  it('need only a valid token (DESIGN 4: no permission is named for them)', async () => {
    const { ctx, A, B } = await setUp();
    const added = await addSubpart(ctx, parseSubpart(line(A, B)));
    const plain = fakeContext({ store: ctx.store, permissions: [] });
    expect(await updateSubpart(plain, added.id, parseSubpartChanges({ quantity: '3' }))).toMatchObject({ quantity: '3.0' });
    await removeSubpart(plain, added.id);
    expect(await ctx.store.rows('subpart')).toEqual([]);
  });

  it('change the fields sent, re-point the child by part_id, and remove a line', async () => {
    const { ctx, A, B, C } = await setUp();
    const added = await addSubpart(ctx, parseSubpart(line(A, B)));
    const changed = await updateSubpart(ctx, added.id, parseSubpartChanges({ quantity: '5', comment: 'fitted last' }));
    expect(changed).toMatchObject({ quantity: '5.0', comment: 'fitted last', subpart_id: B.part.id, position: 1 });
    const repointed = await updateSubpart(ctx, added.id, parseSubpartChanges({ part_id: String(C.part.id) }));
    expect(repointed).toMatchObject({ subpart_id: C.part.id, subpart_part_revision_id: C.revision.revision.id, quantity: '5.0' });
    await removeSubpart(ctx, added.id);
    expect(await ctx.store.rows('subpart')).toEqual([]);
    await expect(removeSubpart(ctx, added.id)).rejects.toMatchObject({ code: 'not_found', messages: [`Couldn't find Subpart with 'id'=${added.id}`] });
  });

  it('refuse re-pointing into a cycle, and any change on a released bill, writing nothing', async () => {
    const { ctx, A, B, C } = await setUp();
    await addSubpart(ctx, parseSubpart(line(A, B)));
    const onB = await addSubpart(ctx, parseSubpart(line(B, C)));
    await expect(updateSubpart(ctx, onB.id, parseSubpartChanges({ partnumber: 'A' }))).rejects.toMatchObject({ messages: ['A part cannot contain itself: B > A > B'] });
    await release(ctx, B.revision.revision.id);
    await expect(updateSubpart(ctx, onB.id, parseSubpartChanges({ quantity: '1' }))).rejects.toMatchObject({ code: 'unprocessable' });
    await expect(removeSubpart(ctx, onB.id)).rejects.toMatchObject({ code: 'unprocessable' });
    expect((await ctx.store.rows('subpart')).find((row) => row.id === onB.id)).toEqual(onB);
  });
});
