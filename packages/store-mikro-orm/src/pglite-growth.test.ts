import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { directorySize } from './directory-size';
import { openMikroOrmStore } from './index';
import { openInTest, pgliteDataDir } from './test-scope';
import { churn, stockOf } from './upkeep-churn.test-helper';

// A long run of changes on a few units: without upkeep the embedded database's folder grows with
// every change (its write-ahead log above all, which single-user PostgreSQL never checkpoints);
// with it, the folder stays within a bound. The upkeep is started by its count of commits.

const MB = 1024 * 1024;
/**
 * Each change writes 3 to 30 kB of write-ahead log, about 21 MB for these: at least one new 16 MB
 * segment file (two, measured: the folder grew by 33.7 MB without upkeep, by 0.1 MB with it).
 */
const CHANGES = 1000;
/** Less than one segment of write-ahead log: with the upkeep the old ones are reused. */
const BOUND = 12 * MB;

/** How much `DATA_DIR/pglite` grows over CHANGES changes after a warm-up, the upkeep every `every` commits (0: never). */
async function growth(every: number): Promise<number> {
  const dataDir = await pgliteDataDir('migrated');
  const store = await openInTest(() => openMikroOrmStore({ dataDir, upkeepEvery: every }));
  const stock = await stockOf(store, 4);
  const size = async () => {
    await store.upkeep.settled();
    return directorySize(join(dataDir, 'pglite'));
  };
  // The warm-up lets the write-ahead log reach the segments kept for reuse.
  const warmUp = 600;
  await churn(stock, 0, warmUp);
  const before = await size();
  await churn(stock, warmUp, warmUp + CHANGES);
  return (await size()) - before;
}

describe('the embedded database folder under a long run of changes', () => {
  it('grows past the bound when nothing vacuums or checkpoints it', async () => {
    expect(await growth(0)).toBeGreaterThan(BOUND);
  }, 120_000);

  it('stays within the bound with the upkeep every 200 commits', async () => {
    expect(await growth(200)).toBeLessThan(BOUND);
  }, 120_000);
});
