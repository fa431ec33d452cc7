import { describe, expect, it } from 'vitest';
import { del, get } from './client';
import { expectEmpty, expectErrors, expectMessage, expectNotFound, idOf } from './expect-xml';
import { addUnit, adjust, expectUnchanged, expectUnit, recordsOf, snapshot, stockSetting, unitPath } from './inventory-fixtures';
import { readPart } from './part-fixtures';
import { targets } from './suite';

describe.each(targets())('part delete with inventory units on $name', (target) => {
  it('refuses (422) while any unit holds stock, naming those units, and changes nothing; goes with its units once all are 0', async () => {
    const stock = await stockSetting(target);
    const first = idOf(await addUnit(stock, { quantity: '5' }));
    const empty = idOf(await addUnit(stock, { quantity: '1' }));
    expectUnit(await adjust(target, stock.partId, empty, '0', { adjustment_type: 'consume' }));
    const last = idOf(await addUnit(stock, { quantity: '0.5', inventory_sublocation_id: stock.shelves[1].id }));
    const part = await readPart(target, stock.partId);
    const before = await snapshot(stock, [first, empty, last]);

    expectErrors(await del(target, `/part/${stock.partId}`), 422, [`Cannot delete a part that holds stock: inventory units ${first}, ${last}`]);
    expect(await readPart(target, stock.partId)).toEqual(part);
    await expectUnchanged(stock, before);
    expectErrors(await del(target, `/part/${encodeURIComponent(part.partnumber as string)}`, { query: 'find_by=partnumber' }), 422, [
      `Cannot delete a part that holds stock: inventory units ${first}, ${last}`,
    ]);
    await expectUnchanged(stock, before);

    expectUnit(await adjust(target, stock.partId, first, '0'));
    const stillStocked = await snapshot(stock, [first, empty, last]);
    expectErrors(await del(target, `/part/${stock.partId}`), 422, [`Cannot delete a part that holds stock: inventory units ${last}`]);
    await expectUnchanged(stock, stillStocked);

    expectUnit(await adjust(target, stock.partId, last, '0', { adjustment_type: 'consume' }));
    expect((await recordsOf(target, stock.partId, last)).at(-1)).toMatchObject({ record_type: 'consume', quantity_after: '0.0' });
    expectEmpty(await del(target, `/part/${stock.partId}`));
    expectNotFound(await get(target, `/part/${stock.partId}`), 'Part', stock.partId);
    expectNotFound(await get(target, `/part/${stock.partId}/inventory_units`), 'Part', stock.partId);
    const gone = new RegExp(`^Couldn't find (Part with 'id'=${stock.partId}|InventoryUnit with 'id'=\\d+)$`);
    for (const id of [first, empty, last]) {
      expectMessage(await get(target, unitPath(stock.partId, id)), 404, gone);
      expectMessage(await get(target, unitPath(stock.partId, id, 'inventory_records')), 404, gone);
    }
  });

  it('deletes a part whose units were all created empty', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock, { quantity: '0' }));
    expectEmpty(await del(target, `/part/${stock.partId}`));
    expectMessage(await get(target, unitPath(stock.partId, id)), 404, /^Couldn't find (Part|InventoryUnit) with 'id'=\d+$/);
  });
});
