import { describe, expect, it } from 'vitest';
import type { NewRow } from '../../ports';
import type { Manufacturer } from '../../records';
import { fakeContext } from '../../test';
import { customerResource } from '../customer';
import { inventoryLocationResource } from '../inventory-location';
import { manufacturerResource } from '../manufacturer';
import { parttypeResource } from '../parttype';
import { unitResource } from '../unit';
import { vendorResource } from '../vendor';
import { createRecord } from './create-record';
import { parseRecord } from './record-input';
import { showRecord } from './show-record';

describe('createRecord', () => {
  it('answers what a show reads back, built from what it read and wrote', async () => {
    const ctx = fakeContext();
    const created = [
      await createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name: 'Yageo' })),
      await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Digi' })),
      await createRecord(ctx, customerResource, parseRecord(customerResource, { name: 'Acme' })),
      await createRecord(ctx, unitResource, parseRecord(unitResource, { name: 'each' })),
      await createRecord(ctx, parttypeResource, parseRecord(parttypeResource, { name: 'Resistor' })),
      await createRecord(ctx, parttypeResource, parseRecord(parttypeResource, { name: 'Thin film', parent_id: '1' })),
      await createRecord(ctx, inventoryLocationResource, parseRecord(inventoryLocationResource, { name: 'Main', inventory_sublocations: [{ name: 'B' }, { name: 'A' }] })),
    ];
    const defs = [manufacturerResource, vendorResource, customerResource, unitResource, parttypeResource, parttypeResource, inventoryLocationResource];
    const shown = await Promise.all(defs.map((def, i) => showRecord(ctx, def as never, created[i]!.row.id)));
    expect(created).toEqual(shown);
    expect(created[5]!.related).toEqual({ parentName: 'Resistor' });
  });

  it('answers a clash committed between its read and its write as the read would, and writes nothing', async () => {
    const ctx = fakeContext();
    // The other request's manufacturer commits after this one found the name free.
    ctx.store.beforeNextWrite(
      async ({ args }) => {
        await ctx.store.transactionBeside((tx) => tx.repo('manufacturer').insert(args[0] as NewRow<Manufacturer>));
      },
      { table: 'manufacturer', kind: 'insert' },
    );
    await expect(createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name: 'Yageo' }))).rejects.toMatchObject({
      code: 'invalid',
      problems: [{ field: 'name', message: 'Name has already been taken' }],
    });
    expect(await ctx.store.rows('manufacturer')).toHaveLength(1);
  });

  it('refuses a clash committed before it as the read words it, whichever way it wrote, and writes nothing', async () => {
    const ctx = fakeContext();
    const location = (name: string, sublocations: string[]) =>
      createRecord(ctx, inventoryLocationResource, parseRecord(inventoryLocationResource, { name, inventory_sublocations: sublocations.map((s) => ({ name: s })) }));
    await location('Main', ['A']);
    // Written first, refused by the key, then read: the refusal the read alone would give.
    await expect(location('Main', ['B', 'C'])).rejects.toMatchObject({ code: 'invalid', problems: [{ field: 'name', message: 'Name has already been taken' }] });
    expect(await ctx.store.rows('inventory_location')).toHaveLength(1);
    expect((await ctx.store.rows('inventory_sublocation')).map((row) => row.name)).toEqual(['A']);
    // A part type's parent must be read first: its missing parent and its clash in one refusal.
    await createRecord(ctx, parttypeResource, parseRecord(parttypeResource, { name: 'Resistor' }));
    await expect(createRecord(ctx, parttypeResource, parseRecord(parttypeResource, { name: 'Resistor', parent_id: '99' }))).rejects.toMatchObject({
      code: 'invalid',
      problems: [
        { field: 'name', message: 'Name has already been taken' },
        { field: 'parent_id', message: 'Parent must exist' },
      ],
    });
  });
});
