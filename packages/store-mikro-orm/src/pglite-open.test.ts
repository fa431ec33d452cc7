import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openMikroOrmStore } from './index';
import { openInTest, pgliteDataDir } from './test-scope';

// What survives close and reopen is the contract's (`persistent`); this is how PGlite opens.
describe('PGlite on disk', () => {
  it('describes itself by the folder it keeps its data in', async () => {
    const dir = await pgliteDataDir('migrated');
    const store = await openInTest(() => openMikroOrmStore({ dataDir: dir }));
    expect(store.description).toBe(`pglite at ${join(dir, 'pglite')}`);
  });

  it('does not touch the schema when told not to migrate', async () => {
    const dir = await pgliteDataDir('initialised');
    const store = await openInTest(() => openMikroOrmStore({ dataDir: dir, migrate: false }));
    await expect(store.transaction((tx) => tx.repo('unit').count())).rejects.toThrow(/unit/);
  });
});
