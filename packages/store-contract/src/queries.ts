import { beforeEach, describe, expect, it } from 'vitest';
import type { FindOptions, Parttype, Where } from '@pips/domain';
import type { Harness } from './harness';
import { seed } from './seed';

/** orderBy, the default order, limit/offset and findOne. */
export function describeQueries(h: Harness): void {
  describe('find: order and paging', () => {
    // Inserted out of name order; ids 1..5. Text sorts use plain lowercase ASCII, which every collation agrees on.
    const rows: ReadonlyArray<Pick<Parttype, 'name' | 'is_non_material' | 'part_next' | 'attrition'>> = [
      { name: 'charlie', is_non_material: false, part_next: 3, attrition: '10.0' },
      { name: 'alpha', is_non_material: true, part_next: 7, attrition: '9.5' },
      { name: 'echo', is_non_material: false, part_next: 1, attrition: '0.25' },
      { name: 'bravo', is_non_material: true, part_next: 2, attrition: '100.0' },
      { name: 'delta', is_non_material: false, part_next: 9, attrition: '9.75' },
    ];

    beforeEach(async () => {
      await h.tx(async (tx) => {
        for (const row of rows) await seed(tx, 'parttype', row);
      });
    });

    const names = async (where?: Where<Parttype>, options?: FindOptions<Parttype>) =>
      (await h.tx((tx) => tx.repo('parttype').find(where, options))).map((p) => p.name);

    it('orders by id ascending by default, also after an update', async () => {
      expect(await names()).toEqual(['charlie', 'alpha', 'echo', 'bravo', 'delta']);
      await h.tx((tx) => tx.repo('parttype').update(1, { part_next: 4 }));
      expect(await names()).toEqual(['charlie', 'alpha', 'echo', 'bravo', 'delta']);
    });

    it('orders by one column, ascending or descending', async () => {
      expect(await names({}, { orderBy: [['name', 'asc']] })).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
      expect(await names({}, { orderBy: [['name', 'desc']] })).toEqual(['echo', 'delta', 'charlie', 'bravo', 'alpha']);
      expect(await names({}, { orderBy: [['part_next', 'desc']] })).toEqual(['delta', 'alpha', 'charlie', 'bravo', 'echo']);
      expect(await names({}, { orderBy: [['id', 'desc']] })).toEqual(['delta', 'bravo', 'echo', 'alpha', 'charlie']);
    });

    it('orders decimals by value', async () => {
      expect(await names({}, { orderBy: [['attrition', 'asc']] })).toEqual(['echo', 'alpha', 'delta', 'charlie', 'bravo']);
    });

    it('orders by several keys, the first one first', async () => {
      expect(
        await names({}, { orderBy: [['is_non_material', 'desc'], ['part_next', 'asc']] }),
      ).toEqual(['bravo', 'alpha', 'echo', 'charlie', 'delta']);
      expect(
        await names({}, { orderBy: [['is_non_material', 'asc'], ['name', 'desc']] }),
      ).toEqual(['echo', 'delta', 'charlie', 'bravo', 'alpha']);
    });

    it('pages with limit and offset after ordering and filtering', async () => {
      const byName = { orderBy: [['name', 'asc']] } as const;
      expect(await names({}, { ...byName, limit: 2 })).toEqual(['alpha', 'bravo']);
      expect(await names({}, { ...byName, limit: 2, offset: 2 })).toEqual(['charlie', 'delta']);
      expect(await names({}, { ...byName, offset: 3 })).toEqual(['delta', 'echo']);
      expect(await names({}, { ...byName, limit: 10, offset: 4 })).toEqual(['echo']);
      expect(await names({}, { ...byName, offset: 5 })).toEqual([]);
      expect(await names({ is_non_material: false }, { limit: 2 })).toEqual(['charlie', 'echo']);
      expect(await names({ is_non_material: false }, { limit: 2, offset: 1 })).toEqual(['echo', 'delta']);
    });

    it('findOne returns the first match in order, or null', async () => {
      const [first, last, byWhere, none] = await h.tx(async (tx) => {
        const repo = tx.repo('parttype');
        return [
          await repo.findOne({ is_non_material: false }),
          await repo.findOne({ is_non_material: false }, { orderBy: [['name', 'desc']] }),
          await repo.findOne({ name: 'bravo' }),
          await repo.findOne({ name: 'zulu' }),
        ];
      });
      expect(first?.name).toBe('charlie');
      expect(last?.name).toBe('echo');
      expect(byWhere).toMatchObject({ id: 4, name: 'bravo', part_next: 2 });
      expect(none).toBeNull();
    });

    it('returns the same rows when asked to lock them', async () => {
      const [locked, plain, got] = await h.tx(async (tx) => [
        await tx.repo('parttype').find({ is_non_material: true }, { lock: true }),
        await tx.repo('parttype').find({ is_non_material: true }),
        await tx.repo('parttype').get(2, { lock: true }),
      ]);
      expect(locked).toEqual(plain);
      expect(got).toEqual(plain[0]);
    });
  });
}
