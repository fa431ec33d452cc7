import { describe, expect, it } from 'vitest';
import { messages, type NewRow, type Tables } from '@pips/domain';
import { columns, isNotNull, type ColumnSpec } from '@pips/domain/storage';
import { expectPipsError } from './expect-error';
import type { Harness } from './harness';
import { seed, snapshot, tableNames } from './seed';

/**
 * The domain's column declarations are what both stores follow: a null in a not-null column is
 * refused as `X can't be blank` on insert and update, and changes nothing.
 */
export function describeNotNull(h: Harness): void {
  describe('not-null columns', () => {
    for (const table of tableNames) {
      const notNull = Object.entries(columns[table] as Record<string, ColumnSpec>).filter(([, spec]) => isNotNull(spec));
      for (const [column] of notNull) {
        const blank = { [column]: null } as Partial<NewRow<Tables[typeof table]>>;

        it(`${table}.${column} refuses null`, async () => {
          const row = await h.tx((tx) => seed(tx, table));
          const before = await h.tx(snapshot);
          await expectPipsError(h.tx((tx) => seed(tx, table, blank)), 'invalid', [messages.blank(column)]);
          await expectPipsError(h.tx((tx) => tx.repo(table).update(row.id, blank)), 'invalid', [messages.blank(column)]);
          expect(await h.tx(snapshot)).toEqual(before);
        });
      }
    }

    it('accepts null in a nullable column', async () => {
      const unit = await h.tx((tx) => seed(tx, 'unit', { description: 'x' }));
      expect(await h.tx((tx) => tx.repo('unit').update(unit.id, { description: null }))).toEqual({
        ...unit,
        description: null,
      });
    });
  });
}
