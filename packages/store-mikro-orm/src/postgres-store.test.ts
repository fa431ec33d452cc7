import { afterAll, describe, it } from 'vitest';
import { runStoreContract } from '@pips/store-contract';
import { sharedPostgres, TEST_DATABASE_URL } from './test-databases';

if (TEST_DATABASE_URL) {
  // One new database for the run (dropped afterwards), emptied for every store the contract opens.
  const database = sharedPostgres(TEST_DATABASE_URL);
  // Closing the pool and dropping the database can take a while beside a busy neighbour.
  afterAll(() => database.dispose(), 120_000);
  runStoreContract({
    name: 'mikro-orm on postgresql',
    capabilities: { concurrentWriters: true, retriesOnDeadlock: true, persistent: true },
    open: () => database.open(),
    reopen: () => database.reopen(),
  });
} else if (process.env.CI) {
  describe('store contract: mikro-orm on postgresql', () => {
    it('runs in CI', () => {
      throw new Error('PIPS_TEST_DATABASE_URL is unset: CI must run the PostgreSQL suite');
    });
  });
} else {
  console.warn('PostgreSQL store contract skipped: PIPS_TEST_DATABASE_URL is unset');
  describe.skip('store contract: mikro-orm on postgresql (PIPS_TEST_DATABASE_URL is unset)', () => {
    it('needs a PostgreSQL database', () => undefined);
  });
}
