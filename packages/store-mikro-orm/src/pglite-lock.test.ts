import { describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openMikroOrmStore } from './index';
import { lockFileOf } from './pglite-lock';
import { openInTest, pgliteDataDir } from './test-scope';

/** Above Linux's pid_max, so no process has it. */
const DEAD_PID = 2 ** 30;

describe('PGlite lock file', () => {
  it('refuses a second open of the same directory while the first is open, and frees it on close', async () => {
    const dir = await pgliteDataDir('migrated');
    const open = () => openInTest(() => openMikroOrmStore({ dataDir: dir }));
    const first = await open();
    await expect(open()).rejects.toThrow(
      `The embedded database in ${join(dir, 'pglite')} is in use by process ${process.pid}; ` +
        'stop the server first, or use DATABASE_URL=postgres://…',
    );
    expect(await readFile(lockFileOf(join(dir, 'pglite')), 'utf8')).toBe(String(process.pid));
    await first.close();
    const again = await open();
    await again.ping();
  });

  it('takes over a lock whose process is gone', async () => {
    const dir = await pgliteDataDir('migrated');
    await writeFile(lockFileOf(join(dir, 'pglite')), String(DEAD_PID));
    await openInTest(() => openMikroOrmStore({ dataDir: dir }));
    expect(await readFile(lockFileOf(join(dir, 'pglite')), 'utf8')).toBe(String(process.pid));
  });
});
