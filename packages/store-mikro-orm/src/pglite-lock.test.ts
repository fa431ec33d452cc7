import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openMikroOrmStore } from './index';
import { lockFileOf } from './pglite-lock';
import { makeTempDir, removeDir } from './test-databases';

/** Above Linux's pid_max, so no process has it. */
const DEAD_PID = 2 ** 30;

describe('PGlite lock file', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(() => removeDir(dir));

  it('refuses a second open of the same directory while the first is open, and frees it on close', async () => {
    const first = await openMikroOrmStore({ dataDir: dir });
    try {
      await expect(openMikroOrmStore({ dataDir: dir })).rejects.toThrow(
        `The embedded database in ${join(dir, 'pglite')} is in use by process ${process.pid}; ` +
          'stop the server first, or use DATABASE_URL=postgres://…',
      );
      expect(await readFile(lockFileOf(join(dir, 'pglite')), 'utf8')).toBe(String(process.pid));
    } finally {
      await first.close();
    }
    const again = await openMikroOrmStore({ dataDir: dir });
    await again.ping();
    await again.close();
  });

  it('takes over a lock whose process is gone', async () => {
    const first = await openMikroOrmStore({ dataDir: dir });
    await first.close();
    await writeFile(lockFileOf(join(dir, 'pglite')), String(DEAD_PID));
    const store = await openMikroOrmStore({ dataDir: dir });
    try {
      expect(await readFile(lockFileOf(join(dir, 'pglite')), 'utf8')).toBe(String(process.pid));
    } finally {
      await store.close();
    }
  });
});
