import { describe, expect, it } from 'vitest';
import { messages } from '@pips/domain';
import { STRING_LENGTH } from '@pips/domain/storage';
import { expectPipsError } from './expect-error';
import type { Harness } from './harness';
import { seed, snapshot } from './seed';

/** Two UTF-16 units, one character: what PostgreSQL's varchar counts. */
const EMOJI = '😀';

/**
 * A string column holds STRING_LENGTH characters (code points), however many UTF-16 units or
 * bytes they take, which is what the domain lets through; past it the store refuses with the
 * domain's own message and changes nothing.
 */
export function describeTextLength(h: Harness): void {
  describe('text length', () => {
    it('a string column holds 255 characters of two UTF-16 units each, exactly as written', async () => {
      const name = EMOJI.repeat(STRING_LENGTH);
      const city = `${'ü'.repeat(STRING_LENGTH - 1)}${EMOJI}`;
      const row = await h.tx((tx) => seed(tx, 'manufacturer', { name, city }));
      expect(await h.tx((tx) => tx.repo('manufacturer').get(row.id))).toMatchObject({ name, city });
      const renamed = `${EMOJI.repeat(STRING_LENGTH - 1)}x`;
      await h.tx((tx) => tx.repo('manufacturer').update(row.id, { name: renamed }));
      expect((await h.tx((tx) => tx.repo('manufacturer').get(row.id)))?.name).toBe(renamed);
    });

    it('refuses 256 characters with "is too long" on insert and update, and changes nothing', async () => {
      const row = await h.tx((tx) => seed(tx, 'manufacturer'));
      const before = await h.tx(snapshot);
      const tooLong = EMOJI.repeat(STRING_LENGTH + 1);
      const expected = [messages.tooLong('name', STRING_LENGTH)];
      await expectPipsError(h.tx((tx) => seed(tx, 'manufacturer', { name: tooLong })), 'invalid', expected);
      await expectPipsError(h.tx((tx) => tx.repo('manufacturer').update(row.id, { name: tooLong })), 'invalid', expected);
      expect(await h.tx(snapshot)).toEqual(before);
    });

    it('a text column is not held to the string length', async () => {
      const description = EMOJI.repeat(10_000);
      const unit = await h.tx((tx) => seed(tx, 'unit', { description }));
      expect((await h.tx((tx) => tx.repo('unit').get(unit.id)))?.description).toBe(description);
    });
  });
}
