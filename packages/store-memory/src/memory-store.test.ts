import { runStoreContract } from '@pips/store-contract';
import { createMemoryStore } from './index';

runStoreContract({
  name: 'memory',
  // One transaction at a time, and nothing outlives the process.
  capabilities: { concurrentWriters: false, retriesOnDeadlock: false, persistent: false, postsInOrder: false },
  open: async () => createMemoryStore(),
});
