import { runStoreContract } from '@pips/store-contract';
import { createMemoryStore } from './memory-store';

runStoreContract({ name: 'memory', open: async () => createMemoryStore() });
