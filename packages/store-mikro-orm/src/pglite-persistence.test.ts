import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openMikroOrmStore } from './index';
import { openInTest, pgliteDataDir } from './test-scope';

const stamps = { created_at: new Date('2024-01-02T03:04:05.678Z'), updated_at: new Date('2024-01-02T03:04:05.678Z') };

describe('PGlite on disk', () => {
  it('keeps committed rows and sequences across close and reopen', async () => {
    const dir = await pgliteDataDir('migrated');
    const first = await openInTest(() => openMikroOrmStore({ dataDir: dir }));
    expect(first.description).toBe(`pglite at ${join(dir, 'pglite')}`);
    const unit = await first.transaction(async (tx) => {
      await tx.nextValue('part_number');
      return tx.repo('unit').insert({ name: 'each', description: null, allow_fractional: false, ...stamps });
    });
    await first.close();

    const second = await openInTest(() => openMikroOrmStore({ dataDir: dir }));
    expect(await second.transaction((tx) => tx.repo('unit').get(unit.id))).toEqual(unit);
    expect(await second.transaction((tx) => tx.nextValue('part_number'))).toBe(2);
    await second.ping();
    await second.close();
    await expect(second.transaction(async () => 1)).rejects.toThrow(/closed/);
  });

  it('does not touch the schema when told not to migrate', async () => {
    const dir = await pgliteDataDir('initialised');
    const store = await openInTest(() => openMikroOrmStore({ dataDir: dir, migrate: false }));
    await expect(store.transaction((tx) => tx.repo('unit').count())).rejects.toThrow(/unit/);
  });
});
