import { afterAll } from 'vitest';
import { runStoreContract } from '@pips/store-contract';
import { sharedPglite } from './test-databases';

// One PGlite database for the file, emptied for every store the contract opens.
const database = sharedPglite();
afterAll(() => database.dispose());

runStoreContract({
  name: 'mikro-orm on pglite',
  // One session, so the store queues its transactions; the data lives on disk.
  capabilities: { concurrentWriters: false, retriesOnDeadlock: false, persistent: true, postsInOrder: true },
  open: () => database.open(),
  reopen: () => database.reopen(),
});
