import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../test';
import { inventorySublocationResource } from '../inventory-sublocation';
import { manufacturerResource } from '../manufacturer';
import { unitResource } from '../unit';
import { createRecord } from './create-record';
import { parseRecord } from './record-input';
import { updateRecord } from './update-record';
import { parseRecordChanges } from './record-input';

describe('a reference resource names the field of each problem', () => {
  it('a field the body gets wrong, and a unique key it breaks', async () => {
    const ctx = fakeContext();
    await expect(createRecord(ctx, unitResource, parseRecord(unitResource, { name: '', allow_fractional: 'maybe' }))).rejects.toMatchObject({
      code: 'invalid',
      problems: [
        { field: 'name', message: "Name can't be blank" },
        { field: 'allow_fractional', message: 'Allow fractional must be true or false' },
      ],
    });
    await createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name: 'Yageo' }));
    await expect(createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name: 'Yageo' }))).rejects.toMatchObject({
      problems: [{ field: 'name', message: 'Name has already been taken' }],
    });
  });

  it('a reference to a record nobody has, and a not-null field an update blanks', async () => {
    const ctx = fakeContext();
    await expect(createRecord(ctx, inventorySublocationResource, parseRecord(inventorySublocationResource, { name: 'A', inventory_location_id: '9' }))).rejects.toMatchObject({
      problems: [{ field: 'inventory_location_id', message: 'Inventory location must exist' }],
    });
    const { row } = await createRecord(ctx, unitResource, parseRecord(unitResource, { name: 'each' }));
    await expect(updateRecord(ctx, unitResource, row.id, parseRecordChanges(unitResource, { allow_fractional: '' }))).rejects.toMatchObject({
      problems: [{ field: 'allow_fractional', message: "Allow fractional can't be blank" }],
    });
  });
});
