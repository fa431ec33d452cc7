import { describe, expect, it } from 'vitest';
import { resolveEngine } from './engine';
import { openOrm } from './open-orm';
import { openInTest, pgliteDataDir, runInTest } from './test-scope';

describe('migration 0008_token_read_only', () => {
  it('keeps the tokens issued before it read-write, and leaves the column without a default', async () => {
    const dataDir = await pgliteDataDir('initialised');
    const orm = await openInTest(() => openOrm(resolveEngine({ dataDir })));
    await runInTest(() => orm.migrator.up({ to: '0007_purchasing_attachments' }));
    const em = orm.em.fork();
    await em.execute(`insert into "api_token" ("name", "token_hash", "permissions", "created_at") values ('old', 'h1', 'manage_data', now())`);

    expect((await runInTest(() => orm.migrator.up())).map((m) => m.name)).toContain('0008_token_read_only');
    expect(await em.execute(`select "name", "read_only" from "api_token"`)).toEqual([{ name: 'old', read_only: false }]);
    // A token states its scope when issued: a row that leaves it out is refused.
    await expect(
      em.execute(`insert into "api_token" ("name", "token_hash", "permissions", "created_at") values ('new', 'h2', '', now())`),
    ).rejects.toThrow(/read_only/);
  });
});
