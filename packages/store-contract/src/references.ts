import { describe, expect, it } from 'vitest';
import { errors, messages, type NewRow, type Tables } from '@pips/domain';
import { schema } from '@pips/domain/storage';
import { expectPipsError } from './expect-error';
import type { Harness } from './harness';
import { seed, snapshot, tableNames } from './seed';

/** An id no fresh store has handed out. */
const MISSING = 987654;

/** References of `schema`: a row must point at an existing row, and a pointed-at row stays. */
export function describeReferences(h: Harness): void {
  describe('references', () => {
    it('rejects a row pointing at a missing row, with the humanized column', async () => {
      await expectPipsError(
        h.tx((tx) => seed(tx, 'inventory_sublocation', { inventory_location_id: MISSING })),
        'invalid',
        ['Inventory location must exist'],
      );
      await expectPipsError(h.tx((tx) => seed(tx, 'contact', { vendor_id: MISSING })), 'invalid', ['Vendor must exist']);
      await expectPipsError(h.tx((tx) => seed(tx, 'parttype', { parent_id: MISSING })), 'invalid', ['Parent must exist']);
      expect(await h.tx((tx) => tx.repo('contact').count())).toBe(0);
      expect(await h.tx((tx) => tx.repo('inventory_sublocation').count())).toBe(0);
    });

    it('rejects an update pointing at a missing row, and keeps the row', async () => {
      const contact = await h.tx(async (tx) => seed(tx, 'contact', { vendor_id: (await seed(tx, 'vendor')).id }));
      await expectPipsError(
        h.tx((tx) => tx.repo('contact').update(contact.id, { vendor_id: MISSING })),
        'invalid',
        ['Vendor must exist'],
      );
      expect(await h.tx((tx) => tx.repo('contact').get(contact.id))).toEqual(contact);
    });

    it('accepts null in a nullable reference', async () => {
      const contact = await h.tx((tx) => seed(tx, 'contact', { customer_id: null, vendor_id: null }));
      expect(contact).toMatchObject({ customer_id: null, vendor_id: null });
      const child = await h.tx(async (tx) => seed(tx, 'parttype', { parent_id: (await seed(tx, 'parttype')).id }));
      const orphan = await h.tx((tx) => tx.repo('parttype').update(child.id, { parent_id: null }));
      expect(orphan).toMatchObject({ parent_id: null });
    });

    it('refuses to delete a row still referenced (unprocessable), changing nothing', async () => {
      const location = await h.tx(async (tx) => {
        const row = await seed(tx, 'inventory_location');
        await seed(tx, 'inventory_sublocation', { inventory_location_id: row.id });
        return row;
      });
      const before = await h.tx(snapshot);
      await expectPipsError(h.tx((tx) => tx.repo('inventory_location').delete(location.id)), 'unprocessable');
      await expectPipsError(
        h.tx((tx) => tx.repo('inventory_location').deleteWhere({ id: location.id })),
        'unprocessable',
      );
      expect(await h.tx(snapshot)).toEqual(before);
    });

    it('deletes a row once nothing references it any more', async () => {
      const [vendor, contact] = await h.tx(async (tx) => {
        const row = await seed(tx, 'vendor');
        return [row, await seed(tx, 'contact', { vendor_id: row.id })];
      });
      await h.tx((tx) => tx.repo('contact').update(contact!.id, { vendor_id: null }));
      expect(await h.tx((tx) => tx.repo('vendor').delete(vendor!.id))).toBe(true);
    });

    describe('every reference in schema', () => {
      for (const table of tableNames) {
        for (const { column, table: target } of schema[table].references) {
          const missing = { [column]: MISSING } as Partial<NewRow<Tables[typeof table]>>;
          const error = [messages.mustExist(column)];

          it(`${table}.${column} must point at an existing ${target}`, async () => {
            await expectPipsError(h.tx((tx) => seed(tx, table, missing)), 'invalid', error);
            const row = await h.tx((tx) => seed(tx, table));
            await expectPipsError(h.tx((tx) => tx.repo(table).update(row.id, missing)), 'invalid', error);
            expect(await h.tx((tx) => tx.repo(table).get(row.id))).toEqual(row);
          });

          it(`${table}.${column} keeps its ${target} from being deleted`, async () => {
            const parent = await h.tx((tx) => seed(tx, target));
            await h.tx((tx) => seed(tx, table, { [column]: parent.id } as Partial<NewRow<Tables[typeof table]>>));
            const before = await h.tx(snapshot);
            // Named by the dependent table, in the domain's words (`dependent part types`).
            await expectPipsError(
              h.tx((tx) => tx.repo(target).delete(parent.id)),
              'unprocessable',
              errors.inUseByTable(table).messages,
            );
            expect(await h.tx(snapshot)).toEqual(before);
          });
        }
      }
    });
  });
}
