import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pgliteDataDir } from '@pips/store-mikro-orm/test';
import { describe, expect, it } from 'vitest';
import { bodyOnceStatus, canMount, fill, sizeMbOf, smallDisk } from './small-disk.test-helper';
import { startMain } from './test-processes';
import { acknowledged, expectCleanRefusals, expectNoStacks, expectNothingLost, pollStatus, seedStock, startWriteLoad } from './write-load.test-helper';

// The embedded database's disk filling up under a write load, through the server process: its
// DATA_DIR on a small tmpfs of its own, filled by the test, then freed.

const STOCK = 100_000;
/** Room beside the copied database, for the server's writes before the test fills the rest. */
const HEADROOM_MB = 24;

if (!canMount) console.warn('[disk-full] skipped: mounting a tmpfs needs root');

describe.skipIf(!canMount)('the embedded database on a full disk', () => {
  it('answers 507 XML with one log line, loses nothing acknowledged, and writes again once space returns', { timeout: 600_000 }, async (test) => {
    const template = await pgliteDataDir('migrated');
    const disk = smallDisk(test, sizeMbOf(template) + HEADROOM_MB);
    const dataDir = join(disk, 'data');
    cpSync(template, dataDir, { recursive: true });
    const env = { DATA_DIR: dataDir, PORT: '0', BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' };
    const server = startMain(test, env);
    const url = await server.listening();
    const stock = await seedStock(url, STOCK);
    const load = startWriteLoad(url, stock, 4, 120_000);
    const filler = join(disk, 'filler');
    try {
      await load.until((o) => acknowledged(o).length >= 20);
      fill(filler);
      const fullAt = load.outcomes.length;
      await load.until((o) => o.slice(fullAt).filter((x) => x.status === 507).length >= 8);
      // Reads go on; /readyz says the disk is full, through the check that writes a file.
      const notReady = await bodyOnceStatus(new URL('/readyz', url), 503);
      expect(notReady).toContain('<store>\n    <status>ok</status>');
      expect(notReady).toContain('<reason>attachment files cannot be written (ENOSPC)</reason>');
      expect((await fetch(new URL('/api/v2/t/unit', url))).status).toBe(200);
      rmSync(filler);
      await bodyOnceStatus(new URL('/readyz', url), 200);
      const freedAt = load.outcomes.length;
      await load.until((o) => acknowledged(o.slice(freedAt)).length >= 20);
    } finally {
      await load.stop();
    }

    const { outcomes } = load;
    expectCleanRefusals(outcomes, [507]);
    const full = outcomes.filter((o) => o.status === 507);
    for (const o of full) {
      expect(o.retryAfter).toBeNull();
      expect(o.body).toContain('The database has no space left to write; nothing was changed');
    }
    console.info(`[disk-full] ${outcomes.length} writes: ${acknowledged(outcomes).length} acknowledged, ${full.length} refused with 507`);
    // One error line per refusal, naming the code; no stack.
    const logged = server.lines.filter((l) => l.code === 'storage_full');
    expect(logged.length).toBe(full.length);
    for (const line of logged) expect(line.level).toBe(50);
    expectNoStacks(server.lines, server.stderr());
    await expectNothingLost(url, stock, outcomes);

    // What was acknowledged is on disk: the same after a restart.
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    const again = startMain(test, env);
    const urlAgain = await again.listening();
    await pollStatus(new URL('/readyz', urlAgain), 200);
    await expectNothingLost(urlAgain, stock, outcomes);
  });
});
