import { afterAll } from 'vitest';
import { runStoreContract } from '@pips/store-contract';
import { sharedPostgres } from './test-databases';
import { postgresSuites } from './postgres-suites';

postgresSuites('store contract: mikro-orm on postgresql', (adminUrl) => {
  // One new database for the run (dropped afterwards), emptied for every store the contract opens.
  const database = sharedPostgres(adminUrl);
  // Closing the pool and dropping the database can take a while beside a busy neighbour.
  afterAll(() => database.dispose(), 120_000);
  runStoreContract({
    name: 'mikro-orm on postgresql',
    capabilities: { concurrentWriters: true, retriesOnDeadlock: true, persistent: true, postsInOrder: false },
    open: () => database.open(),
    reopen: () => database.reopen(),
  });
});
