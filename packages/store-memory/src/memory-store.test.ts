import { runStoreContract } from '@pips/store-contract';
import { createMemoryStore } from './index';

runStoreContract({ name: 'memory', open: async () => createMemoryStore() });
