import { beforeEach, describe, expect, it } from 'vitest';
import type { Customer, Manufacturer, Where } from '@pips/domain';
import { at } from './fixtures';
import type { Harness } from './harness';
import { seed } from './seed';

type TextOperator = '$contains' | '$startsWith' | '$endsWith' | '$equalsText';

/** `$startsWith`, `$endsWith` and `$equalsText` (and `$contains` beside them): case, literal text, nulls, non-text columns. */
export function describeTextOperators(h: Harness): void {
  const names = async (where: Where<Manufacturer>) =>
    (await h.tx((tx) => tx.repo('manufacturer').find(where))).map((m) => m.name);
  const manufacturers = (...list: string[]) =>
    h.tx(async (tx) => {
      for (const name of list) await seed(tx, 'manufacturer', { name });
    });

  describe('find: text operators', () => {
    beforeEach(async () => {
      await h.tx(async (tx) => {
        const rows = [
          ['Widget Works', 'WW'],
          ['widget', null],
          ['Big WIDGET', 'bw'],
          ['Gadgets Inc', 'gi'],
        ] as const;
        for (const [name, short_name] of rows) await seed(tx, 'manufacturer', { name, short_name });
      });
    });

    it('matches a case-insensitive prefix with $startsWith', async () => {
      expect(await names({ name: { $startsWith: 'WIDGET' } })).toEqual(['Widget Works', 'widget']);
      expect(await names({ name: { $startsWith: 'big w' } })).toEqual(['Big WIDGET']);
      expect(await names({ name: { $startsWith: 'works' } })).toEqual([]);
    });

    it('matches a case-insensitive suffix with $endsWith', async () => {
      expect(await names({ name: { $endsWith: 'Widget' } })).toEqual(['widget', 'Big WIDGET']);
      expect(await names({ name: { $endsWith: 'S INC' } })).toEqual(['Gadgets Inc']);
      expect(await names({ name: { $endsWith: 'big' } })).toEqual([]);
    });

    it('matches the whole text, whatever its case, with $equalsText', async () => {
      expect(await names({ name: { $equalsText: 'WIDGET' } })).toEqual(['widget']);
      expect(await names({ name: { $equalsText: 'big widget' } })).toEqual(['Big WIDGET']);
      expect(await names({ name: { $equalsText: 'widge' } })).toEqual([]);
    });

    it('never matches a null, and an empty term matches every text but $equalsText', async () => {
      expect(await names({ short_name: { $startsWith: '' } })).toEqual(['Widget Works', 'Big WIDGET', 'Gadgets Inc']);
      expect(await names({ short_name: { $endsWith: '' } })).toEqual(['Widget Works', 'Big WIDGET', 'Gadgets Inc']);
      expect(await names({ short_name: { $contains: '' } })).toEqual(['Widget Works', 'Big WIDGET', 'Gadgets Inc']);
      expect(await names({ short_name: { $equalsText: '' } })).toEqual([]);
      expect(await names({ short_name: { $equalsText: 'BW' } })).toEqual(['Big WIDGET']);
    });

    it('counts what each operator matches', async () => {
      const counts = await h.tx(async (tx) => [
        await tx.repo('manufacturer').count({ name: { $startsWith: 'w' } }),
        await tx.repo('manufacturer').count({ name: { $endsWith: 'T' } }),
        await tx.repo('manufacturer').count({ name: { $equalsText: 'gadgets inc' } }),
      ]);
      expect(counts).toEqual([2, 2, 1]);
    });
  });

  describe('find: text operators take their text literally', () => {
    beforeEach(() => manufacturers('%lead', 'lead', 'part_a', 'partxa', 'trail_', 'trails', 'back\\slash', 'backslash'));

    it('treats %, _ and \\ as plain characters in $startsWith, $endsWith and $equalsText', async () => {
      expect(await names({ name: { $startsWith: '%' } })).toEqual(['%lead']);
      expect(await names({ name: { $startsWith: 'part_' } })).toEqual(['part_a']);
      expect(await names({ name: { $endsWith: '_' } })).toEqual(['trail_']);
      expect(await names({ name: { $endsWith: 'k\\slash' } })).toEqual(['back\\slash']);
      expect(await names({ name: { $equalsText: 'PART_A' } })).toEqual(['part_a']);
      expect(await names({ name: { $equalsText: 'part%' } })).toEqual([]);
      expect(await names({ name: { $equalsText: 'back\\slash' } })).toEqual(['back\\slash']);
    });
  });

  describe('find: text operators lower letters beyond ASCII as PostgreSQL does', () => {
    beforeEach(() => manufacturers('École', 'ÉCOLE', 'ecole', 'STRAẞE', 'straße', 'Strasse', 'ΟΔΟΣ', 'İstanbul'));

    // Each character is lowered on its own: `ẞ` is `ß`, `ß` is never `ss`, a final `Σ` is `σ`
    // (not `ς`), and `İ` is `i`. PostgreSQL does so on a database whose LC_CTYPE is a UTF-8 locale
    // (PGlite's, and the test server's `C.UTF-8`); one whose LC_CTYPE is plain `C` lowers ASCII only.
    it('matches accented capitals, sharp s, sigma and dotted I one character at a time', async () => {
      expect(await names({ name: { $equalsText: 'école' } })).toEqual(['École', 'ÉCOLE']);
      expect(await names({ name: { $startsWith: 'éC' } })).toEqual(['École', 'ÉCOLE']);
      expect(await names({ name: { $contains: 'ß' } })).toEqual(['STRAẞE', 'straße']);
      expect(await names({ name: { $contains: 'SS' } })).toEqual(['Strasse']);
      expect(await names({ name: { $endsWith: 'οσ' } })).toEqual(['ΟΔΟΣ']);
      expect(await names({ name: { $endsWith: 'ος' } })).toEqual([]);
      expect(await names({ name: { $startsWith: 'istan' } })).toEqual(['İstanbul']);
    });
  });

  describe('find: text operators on a column that is not text', () => {
    beforeEach(async () => {
      await h.tx((tx) => seed(tx, 'customer', { name: 'Ninety', discount: '9.5', created_at: at(0) }));
    });

    it('match nothing on a decimal, an id or a timestamp', async () => {
      const find = async (where: object) => h.tx((tx) => tx.repo('customer').find(where as Where<Customer>));
      for (const op of ['$contains', '$startsWith', '$endsWith', '$equalsText'] satisfies TextOperator[]) {
        expect(await find({ discount: { [op]: op === '$equalsText' ? '9.5' : '9' } }), op).toEqual([]);
        expect(await find({ id: { [op]: '1' } }), op).toEqual([]);
        expect(await find({ created_at: { [op]: '20' } }), op).toEqual([]);
      }
      expect(await find({ name: { $equalsText: 'ninety' } })).toHaveLength(1);
    });
  });
}
