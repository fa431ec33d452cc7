import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../test';
import { partBody, partSetting } from '../../scenarios/part-setting.test-helper';
import { createPart } from '../../views/part-writes';
import { showPart } from '../../views/show-part/show-part';
import { parseCreatePart } from './create-part-input';
import { planCreatePart } from './plan-create-part';

describe('createPart', () => {
  it('writes the part, its draft revision by the caller, attributes in order and alternates, in one transaction', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    const other = await createPart(ctx, parseCreatePart(partBody(setting)));
    const before = ctx.store.transactions;
    const view = await createPart(
      ctx,
      parseCreatePart(partBody(setting, {
        value_text: '4k7',
        x_packaging: 'Reel',
        revision: { revision_name: 'A', x_tolerance: '1%', x_mass: '2 mg' },
        alternate_parts: [{ part_id: String(other.part.id), quality: '2' }],
      })),
    );
    expect(ctx.store.transactions - before).toBe(1);
    const [part] = (await ctx.store.rows('part')).filter((p) => p.id === view.part.id);
    const [revision] = (await ctx.store.rows('part_revision')).filter((r) => r.part_id === view.part.id);
    expect(part).toMatchObject({ value: 4700, value_text: '4k7', active_revision_id: revision?.id, estimated_cost_currency: 'USD' });
    expect(revision).toMatchObject({ revision_name: 'A', status: 'Draft', creator_id: 1, released_at: null });
    const attributes = (await ctx.store.rows('part_revision_attribute')).filter((a) => a.part_revision_id === revision?.id);
    expect(attributes.map((a) => [a.name, a.value, a.value_text, a.position])).toEqual([
      ['x_tolerance', '1%', null, 1],
      ['x_mass', '0.002', '2 mg', 2],
      ['x_packaging', 'Reel', null, 3],
    ]);
    const alternate = { part_id: view.part.id, alternate_part_id: other.part.id, quality: 2 };
    expect(await ctx.store.rows('alternate_part')).toMatchObject([alternate]);
    expect(view.revision.attributes.map((a) => a.name)).toEqual(['x_tolerance', 'x_mass', 'x_packaging']);
    expect(view.alternateParts).toHaveLength(1);
    // Built from the rows written, the answer is what a show reads back.
    expect(view).toEqual(await showPart(ctx, { id: view.part.id }));
  });

  it("numbers under the part type's key, locking the type, and advances part_next", async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx, { partnumber_key: 'RES', part_next: '7' });
    expect((await createPart(ctx, parseCreatePart(partBody(setting)))).part.partnumber).toBe('RES000007');
    expect((await createPart(ctx, parseCreatePart(partBody(setting)))).part.partnumber).toBe('RES000008');
    expect(ctx.store.locked).toContainEqual({ table: 'parttype', where: { id: Number(setting.parttype_id) } });
    const [parttype] = await ctx.store.rows('parttype');
    expect(parttype?.part_next).toBe(9);
  });

  it('numbers from the site sequence for a type without a key', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    expect((await createPart(ctx, parseCreatePart(partBody(setting)))).part.partnumber).toBe('000001');
    expect((await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: '000002' })))).part.partnumber).toBe('000002');
    expect((await createPart(ctx, parseCreatePart(partBody(setting)))).part.partnumber).toBe('000003');
  });

  it('numbers again, past it, when a concurrent create takes the generated number before the insert', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx, { partnumber_key: 'RES' });
    const before = ctx.store.transactions;
    ctx.store.beforeNextWrite(
      async () => {
        // Another connection's create, with the number given by hand, commits first.
        const rivalSetting = { partnumber: 'RES000001', creatorId: 2, site: ctx.site, now: ctx.clock.now() };
        const rival = planCreatePart(parseCreatePart(partBody(setting)), rivalSetting).plan;
        await ctx.store.transactionBeside((tx) => tx.write(rival));
      },
      { table: 'part', kind: 'insert' },
    );
    const view = await createPart(ctx, parseCreatePart(partBody(setting)));
    expect(view.part.partnumber).toBe('RES000002');
    expect(ctx.store.transactions - before).toBe(2);
    expect((await ctx.store.rows('part')).map((p) => p.partnumber).sort()).toEqual(['RES000001', 'RES000002']);
    expect((await ctx.store.rows('parttype'))[0]?.part_next).toBe(3);
  });

  it('does not try again when the number was given by hand: 400, nothing written', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    const taken = await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'PN-1' })));
    const before = ctx.store.transactions;
    await expect(createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'PN-1' })))).rejects.toMatchObject({
      code: 'invalid',
      messages: ['Partnumber has already been taken'],
    });
    // Refused from its read: no transaction begun.
    expect(ctx.store.transactions - before).toBe(0);
    expect((await ctx.store.rows('part')).map((p) => p.id)).toEqual([taken.part.id]);
  });

  it('checks a number given by hand without locks: one read, then one transaction that writes', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx, { partnumber_key: 'RES' });
    const [reads, transactions, locked] = [ctx.store.reads, ctx.store.transactions, ctx.store.locked.length];
    const view = await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'BY-HAND' })));
    expect([ctx.store.reads - reads, ctx.store.transactions - transactions]).toEqual([1, 1]);
    expect(ctx.store.locked.slice(locked)).toEqual([]);
    expect(view).toEqual(await showPart(ctx, { id: view.part.id }));
    // The type's counter is left alone.
    expect((await ctx.store.rows('parttype'))[0]?.part_next).toBe(1);
  });

  it('refuses a number given by hand that a concurrent create takes between its read and its write, writing nothing', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    ctx.store.beforeNextWrite(
      async () => {
        const rivalSetting = { partnumber: 'PN-RACE', creatorId: 2, site: ctx.site, now: ctx.clock.now() };
        await ctx.store.transactionBeside((tx) => tx.write(planCreatePart(parseCreatePart(partBody(setting)), rivalSetting).plan));
      },
      { table: 'part', kind: 'insert' },
    );
    await expect(createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'PN-RACE', revision: { revision_name: 'A', x_a: '1' } })))).rejects.toMatchObject({
      code: 'invalid',
      messages: ['Partnumber has already been taken'],
    });
    expect(await ctx.store.rows('part')).toHaveLength(1);
    expect(await ctx.store.rows('part_revision_attribute')).toEqual([]);
  });

  it('names every record that does not exist and writes nothing', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    const missing = { manufacturer_id: '99', unit_id: '98', preferred_vendor_id: '97', alternate_parts: [{ part_id: '96' }] };
    await expect(createPart(ctx, parseCreatePart(partBody(setting, missing)))).rejects.toMatchObject({
      code: 'invalid',
      messages: ['Manufacturer must exist', 'Unit must exist', 'Preferred vendor must exist', 'Alternate parts part must exist'],
    });
    expect(await ctx.store.rows('part')).toEqual([]);
    expect(await ctx.store.rows('part_revision')).toEqual([]);
  });

  it('leaves nothing behind when a write fails half way', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx, { partnumber_key: 'RES' });
    ctx.store.failNextWrite(new Error('disk full'), { table: 'part_revision_attribute', kind: 'insert' });
    const body = partBody(setting, { revision: { revision_name: 'A', x_package: '0402' } });
    await expect(createPart(ctx, parseCreatePart(body))).rejects.toThrow('disk full');
    expect(await ctx.store.rows('part')).toEqual([]);
    expect(await ctx.store.rows('part_revision')).toEqual([]);
    expect((await ctx.store.rows('parttype'))[0]?.part_next).toBe(1);
  });
});
