import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openMikroOrmStore } from './index';
import { makeTempDir, removeDir } from './test-databases';

const stamps = { created_at: new Date('2024-01-02T03:04:05.678Z'), updated_at: new Date('2024-01-02T03:04:05.678Z') };

describe('PGlite on disk', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(() => removeDir(dir));

  it('keeps committed rows and sequences across close and reopen', async () => {
    const first = await openMikroOrmStore({ dataDir: dir });
    expect(first.description).toBe(`pglite at ${join(dir, 'pglite')}`);
    const unit = await first.transaction(async (tx) => {
      await tx.nextValue('part_number');
      return tx.repo('unit').insert({ name: 'each', description: null, allow_fractional: false, ...stamps });
    });
    await first.close();

    const second = await openMikroOrmStore({ dataDir: dir });
    try {
      expect(await second.transaction((tx) => tx.repo('unit').get(unit.id))).toEqual(unit);
      expect(await second.transaction((tx) => tx.nextValue('part_number'))).toBe(2);
      await second.ping();
    } finally {
      await second.close();
    }
    await expect(second.transaction(async () => 1)).rejects.toThrow(/closed/);
  });

  it('does not touch the schema when told not to migrate', async () => {
    const store = await openMikroOrmStore({ dataDir: dir, migrate: false });
    try {
      await expect(store.transaction((tx) => tx.repo('unit').count())).rejects.toThrow(/unit/);
    } finally {
      await store.close();
    }
  });
});
