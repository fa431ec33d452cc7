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
});
