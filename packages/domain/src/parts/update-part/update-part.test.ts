import { describe, expect, it } from 'vitest';
import { fakeContext, type FakeContext } from '../../test';
import { partBody, partSetting } from '../../scenarios/part-setting.test-helper';
import { createPart, updatePart } from '../../views/part-writes';
import { showPart } from '../../views/show-part/show-part';
import { createRecord } from '../../reference/engine/create-record';
import { parseRecord } from '../../reference/engine/record-input';
import { manufacturerResource } from '../../reference/manufacturer';
import { parseUpdatePart } from './update-part-input';
import { parseCreatePart } from '../create-part/create-part-input';

async function released(ctx: FakeContext) {
  const setting = await partSetting(ctx);
  const view = await createPart(ctx, parseCreatePart(partBody(setting, { revision: { revision_name: 'A', x_package: '0402' } })));
  await ctx.store.transactionBeside((tx) => tx.repo('part_revision').update(view.revision.revision.id, { status: 'Active' }));
  return view;
}

describe('updatePart', () => {
  it('locks the part and its revisions, among them the one it changes', async () => {
    const ctx = fakeContext();
    const view = await createPart(ctx, parseCreatePart(partBody(await partSetting(ctx))));
    await updatePart(ctx, { id: view.part.id }, parseUpdatePart({ reorder_quantity: '5', revision: { comment: 'x' } }));
    expect(ctx.store.locked).toContainEqual({ table: 'part', where: { id: view.part.id } });
    expect(ctx.store.locked).toContainEqual({ table: 'part_revision', where: { part_id: view.part.id } });
  });

  it('answers what a show reads back, built from its first read and its writes', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    const other = await createPart(ctx, parseCreatePart(partBody(setting)));
    const view = await createPart(ctx, parseCreatePart(partBody(setting, { revision: { revision_name: 'A', x_a: '1', x_b: '2' } })));
    const maker = (await createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name: 'Other maker' }))).row;
    const id = { id: view.part.id };
    for (const body of [
      { revision: { x_b: 'two', x_c: '3' }, reorder_quantity: '7' },
      { alternate_parts: [{ part_id: String(other.part.id), quality: '2' }] },
      { manufacturer_id: String(maker.id) },
      {},
    ]) {
      const changed = await updatePart(ctx, id, parseUpdatePart(body));
      expect(changed).toEqual(await showPart(ctx, id));
    }
    expect((await showPart(ctx, id)).manufacturer?.name).toBe('Other maker');
  });

  it('refuses to change a released revision without the permission, writing nothing', async () => {
    const ctx = fakeContext({ permissions: [] });
    const view = await released(ctx);
    const before = await ctx.store.rows('part_revision');
    const late = { reorder_quantity: '5', revision: { comment: 'late' } };
    await expect(updatePart(ctx, { id: view.part.id }, parseUpdatePart(late))).rejects.toMatchObject({ code: 'forbidden' });
    await expect(updatePart(ctx, { id: view.part.id }, parseUpdatePart({ x_packaging: 'Tray' }))).rejects.toMatchObject({ code: 'forbidden' });
    expect(await ctx.store.rows('part_revision')).toEqual(before);
    expect((await ctx.store.rows('part'))[0]?.reorder_quantity).toBeNull();
    const changed = await updatePart(ctx, { id: view.part.id }, parseUpdatePart({ reorder_quantity: '5' }));
    expect(changed.part.reorder_quantity).toBe('5.0');
  });

  it('changes a released revision for a caller with the permission', async () => {
    const ctx = fakeContext({ permissions: ['edit_released_revisions'] });
    const view = await released(ctx);
    const changed = await updatePart(ctx, { id: view.part.id }, parseUpdatePart({ revision: { comment: 'late' } }));
    expect(changed.revision.revision.comment).toBe('late');
  });

  it('sets attributes in place and appends new ones, in order', async () => {
    const ctx = fakeContext();
    const view = await createPart(ctx, parseCreatePart(partBody(await partSetting(ctx), { revision: { revision_name: 'A', x_a: '1', x_b: '2' } })));
    const changed = await updatePart(ctx, { id: view.part.id }, parseUpdatePart({ revision: { x_c: '3', x_a: 'one' } }));
    expect(changed.revision.attributes.map((a) => [a.name, a.value, a.position])).toEqual([
      ['x_a', 'one', 1],
      ['x_b', '2', 2],
      ['x_c', '3', 3],
    ]);
    expect(await ctx.store.rows('part_revision_attribute')).toHaveLength(3);
  });

  it('replaces the alternates, and refuses the part itself', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    const a = await createPart(ctx, parseCreatePart(partBody(setting)));
    const b = await createPart(ctx, parseCreatePart(partBody(setting)));
    const part = await createPart(ctx, parseCreatePart(partBody(setting)));
    await updatePart(ctx, { id: part.part.id }, parseUpdatePart({ alternate_parts: [{ part_id: String(a.part.id) }] }));
    const changed = await updatePart(ctx, { id: part.part.id }, parseUpdatePart({ alternate_parts: [{ part_id: String(b.part.id) }] }));
    expect(changed.alternateParts.map((x) => x.alternate_part_id)).toEqual([b.part.id]);
    expect(await ctx.store.rows('alternate_part')).toHaveLength(1);
    const itself = { alternate_parts: [{ part_id: String(part.part.id) }] };
    await expect(updatePart(ctx, { id: part.part.id }, parseUpdatePart(itself))).rejects.toMatchObject({
      messages: ['Alternate parts part cannot be the part itself'],
    });
    expect((await ctx.store.rows('alternate_part')).map((x) => x.alternate_part_id)).toEqual([b.part.id]);
  });

  it('leaves nothing changed when a write fails half way', async () => {
    const ctx = fakeContext();
    const view = await createPart(ctx, parseCreatePart(partBody(await partSetting(ctx))));
    const before = { parts: await ctx.store.rows('part'), revisions: await ctx.store.rows('part_revision') };
    ctx.store.failNextWrite(new Error('connection lost'), { table: 'part', kind: 'update' });
    await expect(updatePart(ctx, { id: view.part.id }, parseUpdatePart({ manufacturer_pn: 'NEW', revision: { comment: 'x' } }))).rejects.toThrow(
      'connection lost',
    );
    expect({ parts: await ctx.store.rows('part'), revisions: await ctx.store.rows('part_revision') }).toEqual(before);
  });

  it('names the field of each problem it finds in the store: a taken part number, a taken revision name, a missing record', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'PN-1' })));
    const two = await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'PN-2' })));
    const { id: _id, ...revision } = two.revision.revision;
    await ctx.store.transactionBeside((tx) => tx.repo('part_revision').insert({ ...revision, revision_name: 'B' }));
    const change = updatePart(ctx, { id: two.part.id }, parseUpdatePart({ partnumber: 'PN-1', manufacturer_id: '999', revision: { revision_name: 'B' } }));
    await expect(change).rejects.toMatchObject({
      code: 'invalid',
      problems: [
        { field: 'manufacturer_id', message: 'Manufacturer must exist' },
        { field: 'partnumber', message: 'Partnumber has already been taken' },
        { field: 'revision.revision_name', message: 'Revision name has already been taken' },
      ],
    });
  });

  it("answers 404 for another part's revision", async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    const [one, two] = [await createPart(ctx, parseCreatePart(partBody(setting))), await createPart(ctx, parseCreatePart(partBody(setting)))];
    const change = updatePart(ctx, { id: one.part.id }, parseUpdatePart({ revision: { comment: 'x' } }), String(two.revision.revision.id));
    await expect(change).rejects.toMatchObject({
      code: 'not_found',
      messages: [`Couldn't find PartRevision with 'id'=${two.revision.revision.id}`],
    });
  });

  it("changes the part's row alone without locks: one read, then one transaction that writes", async () => {
    const ctx = fakeContext();
    const view = await createPart(ctx, parseCreatePart(partBody(await partSetting(ctx))));
    const [reads, transactions, locked] = [ctx.store.reads, ctx.store.transactions, ctx.store.locked.length];
    const changed = await updatePart(ctx, { id: view.part.id }, parseUpdatePart({ manufacturer_pn: 'NEW', reorder_quantity: '4' }));
    expect([ctx.store.reads - reads, ctx.store.transactions - transactions]).toEqual([1, 1]);
    expect(ctx.store.locked.slice(locked)).toEqual([]);
    expect(ctx.store.plans.at(-1)?.steps[0]).toMatchObject({ table: 'part', expected: { active_revision_id: view.revision.revision.id } });
    expect(changed).toEqual(await showPart(ctx, { id: view.part.id }));
    expect(changed.part.manufacturer_pn).toBe('NEW');
  });

  it('takes the locked way when the active revision moves between its read and its write, and answers the part as it is', async () => {
    const ctx = fakeContext();
    const view = await createPart(ctx, parseCreatePart(partBody(await partSetting(ctx))));
    const { id: _id, ...first } = view.revision.revision;
    let moved = 0;
    ctx.store.beforeNextWrite(
      async () => {
        const next = await ctx.store.transactionBeside((tx) => tx.repo('part_revision').insert({ ...first, revision_name: 'B' }));
        await ctx.store.transactionBeside((tx) => tx.repo('part').update(view.part.id, { active_revision_id: next.id }));
        moved = next.id;
      },
      { table: 'part', kind: 'update' },
    );
    const transactions = ctx.store.transactions;
    const changed = await updatePart(ctx, { id: view.part.id }, parseUpdatePart({ manufacturer_pn: 'NEW' }));
    expect(moved).toBeGreaterThan(0);
    expect(ctx.store.transactions - transactions).toBe(2);
    expect(ctx.store.locked).toContainEqual({ table: 'part', where: { id: view.part.id } });
    expect(changed.revision.revision.id).toBe(moved);
    expect(changed).toEqual(await showPart(ctx, { id: view.part.id }));
    expect((await ctx.store.rows('part'))[0]).toMatchObject({ manufacturer_pn: 'NEW', active_revision_id: moved });
  });

  it('answers 404 when the part goes between its read and its write', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    const view = await createPart(ctx, parseCreatePart(partBody(setting)));
    ctx.store.beforeNextWrite(
      () =>
        ctx.store.transactionBeside(async (tx) => {
          await tx.repo('part').update(view.part.id, { active_revision_id: null });
          await tx.repo('part_revision').delete(view.revision.revision.id);
          await tx.repo('part').delete(view.part.id);
        }),
      { table: 'part', kind: 'update' },
    );
    await expect(updatePart(ctx, { id: view.part.id }, parseUpdatePart({ manufacturer_pn: 'NEW' }))).rejects.toMatchObject({ code: 'not_found' });
    expect(await ctx.store.rows('part')).toEqual([]);
  });
});
