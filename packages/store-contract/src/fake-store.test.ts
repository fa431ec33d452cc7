import { createFakeStore } from '@pips/domain/test';
import { runStoreContract } from './run-store-contract';

// The domain's test fake is the memory store observed: its use-case tests may trust it only as
// far as it keeps the same contract.
runStoreContract({
  name: 'fake (@pips/domain/test)',
  capabilities: { concurrentWriters: false, retriesOnDeadlock: false, persistent: false, postsInOrder: false },
  open: async () => createFakeStore(),
});
