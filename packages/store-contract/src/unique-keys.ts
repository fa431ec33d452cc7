import { describe, expect, it } from 'vitest';
import { isUniqueViolation, messages, type NewRow, type TableName, type Tables } from '@pips/domain';
import { schema } from '@pips/domain/storage';
import { expectPipsError, rejectionOf } from './expect-error';
import { fixtures } from './fixtures';
import type { Harness } from './harness';
import { seed, snapshot, tableNames } from './seed';

const TAKEN = ['Name has already been taken'];

/** Unique keys of `schema`: duplicates reject with `invalid` "X has already been taken". */
export function describeUniqueKeys(h: Harness): void {
  describe('unique keys', () => {
    it('rejects a duplicate insert, and the store keeps the first row only', async () => {
      await h.tx((tx) => seed(tx, 'manufacturer', { name: 'Acme' }));
      const before = await h.tx(snapshot);
      await expectPipsError(h.tx((tx) => seed(tx, 'manufacturer', { name: 'Acme' })), 'invalid', TAKEN);
      await h.tx((tx) => seed(tx, 'unit', { name: 'each' }));
      await expectPipsError(h.tx((tx) => seed(tx, 'unit', { name: 'each' })), 'invalid', TAKEN);
      expect((await h.tx(snapshot)).manufacturer).toEqual(before.manufacturer);
      expect(await h.tx((tx) => tx.repo('unit').count())).toBe(1);
    });

    it('rejects an update that makes a duplicate, and keeps the row as it was', async () => {
      const [, beta] = await h.tx(async (tx) => [
        await seed(tx, 'manufacturer', { name: 'Acme' }),
        await seed(tx, 'manufacturer', { name: 'Beta' }),
      ]);
      await expectPipsError(h.tx((tx) => tx.repo('manufacturer').update(beta!.id, { name: 'Acme' })), 'invalid', TAKEN);
      expect(await h.tx((tx) => tx.repo('manufacturer').get(beta!.id))).toEqual(beta);
      const [, metre] = await h.tx(async (tx) => [
        await seed(tx, 'unit', { name: 'm' }),
        await seed(tx, 'unit', { name: 'metre' }),
      ]);
      await expectPipsError(h.tx((tx) => tx.repo('unit').update(metre!.id, { name: 'm' })), 'invalid', TAKEN);
    });

    it('lets a row keep its own key, and frees a key its row gave up', async () => {
      const acme = await h.tx((tx) => seed(tx, 'manufacturer', { name: 'Acme' }));
      const same = await h.tx((tx) => tx.repo('manufacturer').update(acme.id, { name: 'Acme', website: 'acme.example' }));
      expect(same?.website).toBe('acme.example');
      await h.tx((tx) => tx.repo('manufacturer').update(acme.id, { name: 'Acme Ltd' }));
      const again = await h.tx((tx) => seed(tx, 'manufacturer', { name: 'Acme' }));
      expect(again.name).toBe('Acme');
      await h.tx((tx) => tx.repo('manufacturer').delete(again.id));
      await h.tx((tx) => seed(tx, 'manufacturer', { name: 'Acme' }));
    });

    it('holds a key again for its row when a transaction that freed and retook it rolls back', async () => {
      const acme = await h.tx((tx) => seed(tx, 'manufacturer', { name: 'Acme' }));
      const failure = new Error('rolled back on purpose');
      const error = await rejectionOf(
        h.tx(async (tx) => {
          await tx.repo('manufacturer').update(acme.id, { name: 'Acme Old' });
          const other = await seed(tx, 'manufacturer', { name: 'Acme' });
          await tx.repo('manufacturer').delete(other.id);
          await seed(tx, 'manufacturer', { name: 'Acme Old 2' });
          throw failure;
        }),
      );
      expect(error).toBe(failure);
      await expectPipsError(h.tx((tx) => seed(tx, 'manufacturer', { name: 'Acme' })), 'invalid', TAKEN);
      await h.tx((tx) => seed(tx, 'manufacturer', { name: 'Acme Old' }));
      expect((await h.tx((tx) => tx.repo('manufacturer').find())).map((m) => m.name)).toEqual(['Acme', 'Acme Old']);
    });

    it('compares names exactly: case and spaces make a different name', async () => {
      await h.tx(async (tx) => {
        await seed(tx, 'unit', { name: 'Meter' });
        await seed(tx, 'unit', { name: 'meter' });
        await seed(tx, 'unit', { name: 'meter ' });
      });
      expect(await h.tx((tx) => tx.repo('unit').count())).toBe(3);
    });

    it('scopes a sublocation name to its location (composite key)', async () => {
      const [a, b] = await h.tx(async (tx) => [await seed(tx, 'inventory_location'), await seed(tx, 'inventory_location')]);
      await h.tx(async (tx) => {
        await seed(tx, 'inventory_sublocation', { inventory_location_id: a!.id, name: 'Shelf 1' });
        await seed(tx, 'inventory_sublocation', { inventory_location_id: b!.id, name: 'Shelf 1' });
      });
      await expectPipsError(
        h.tx((tx) => seed(tx, 'inventory_sublocation', { inventory_location_id: a!.id, name: 'Shelf 1' })),
        'invalid',
        TAKEN,
      );
      const other = await h.tx((tx) => seed(tx, 'inventory_sublocation', { inventory_location_id: a!.id, name: 'Shelf 2' }));
      await expectPipsError(
        h.tx((tx) => tx.repo('inventory_sublocation').update(other.id, { name: 'Shelf 1' })),
        'invalid',
        TAKEN,
      );
      expect(await h.tx((tx) => tx.repo('inventory_sublocation').count({ name: 'Shelf 1' }))).toBe(2);
    });

    it('reports a unit conversion pair on its to unit; the reversed pair is another key', async () => {
      const [kg, g, lb] = await h.tx(async (tx) => [await seed(tx, 'unit'), await seed(tx, 'unit'), await seed(tx, 'unit')]);
      const pair = { from_unit_id: kg!.id, to_unit_id: g!.id };
      await h.tx((tx) => seed(tx, 'unit_conversion', { ...pair, factor: '1000.0' }));
      await expectPipsError(h.tx((tx) => seed(tx, 'unit_conversion', { ...pair, factor: '2.0' })), 'invalid', [
        'To unit has already been taken',
      ]);
      await h.tx((tx) => seed(tx, 'unit_conversion', { from_unit_id: g!.id, to_unit_id: kg!.id, factor: '0.001' }));
      const third = await h.tx((tx) => seed(tx, 'unit_conversion', { from_unit_id: kg!.id, to_unit_id: lb!.id }));
      await expectPipsError(
        h.tx((tx) => tx.repo('unit_conversion').update(third.id, { to_unit_id: g!.id })),
        'invalid',
        ['To unit has already been taken'],
      );
    });

    it('scopes a serial number to its part, exactly as written; units without one never clash', async () => {
      const [a, b] = await h.tx(async (tx) => [await seed(tx, 'part'), await seed(tx, 'part')]);
      const unit = (partId: number, serial_number: string | null) => h.tx((tx) => seed(tx, 'inventory_unit', { part_id: partId, serial_number }));
      await unit(a!.id, 'SN-1');
      await unit(b!.id, 'SN-1');
      await unit(a!.id, 'sn-1');
      await unit(a!.id, 'SN-1 ');
      await unit(a!.id, null);
      const blank = await unit(a!.id, null);
      const before = await h.tx(snapshot);
      const taken = ['Serial number has already been taken'];
      await expectPipsError(unit(a!.id, 'SN-1'), 'invalid', taken);
      await expectPipsError(h.tx((tx) => tx.repo('inventory_unit').update(blank.id, { serial_number: 'SN-1' })), 'invalid', taken);
      expect(await h.tx(snapshot)).toEqual(before);
      expect(await h.tx((tx) => tx.repo('inventory_unit').count({ part_id: a!.id, serial_number: 'SN-1' }))).toBe(1);
    });

    describe('every key in schema', () => {
      for (const table of tableNames) {
        for (const key of schema[table].unique) {
          it(`${table}: ${key.name} rejects a duplicate on insert and update`, async () => {
            const first = await h.tx((tx) => seed(tx, table));
            const copy = () => pick(first, key.columns) as Partial<NewRow<Tables[typeof table]>>;
            const onInsert = await rejectionOf(h.tx((tx) => seed(tx, table, copy())));
            // Callers recognise the conflict by the key's name, never by its message.
            expect(onInsert).toMatchObject({ code: 'invalid', messages: [messages.taken(key.field)] });
            expect(isUniqueViolation(onInsert, key.name)).toBe(true);
            const second = await h.tx((tx) => seed(tx, table));
            const onUpdate = await rejectionOf(h.tx((tx) => tx.repo(table).update(second.id, copy())));
            expect(onUpdate).toMatchObject({ code: 'invalid', messages: [messages.taken(key.field)] });
            expect(isUniqueViolation(onUpdate, key.name)).toBe(true);
            expect(await h.tx((tx) => tx.repo(table).get(second.id))).toEqual(second);
          });
        }
      }
    });

    it('rejects an api token hash that is already stored', async () => {
      const token = await h.tx((tx) => tx.repo('api_token').insert(fixtures.api_token()));
      await expectPipsError(
        h.tx((tx) => tx.repo('api_token').insert({ ...fixtures.api_token(), token_hash: token.token_hash })),
        'invalid',
        ['Token has already been taken'],
      );
    });
  });
}

function pick<K extends TableName>(row: Tables[K], columns: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column, (row as unknown as Record<string, unknown>)[column]]));
}
