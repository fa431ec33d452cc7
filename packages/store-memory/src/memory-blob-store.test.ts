import { runBlobContract } from '@pips/store-contract';
import { createMemoryBlobStore } from './memory-blob-store';

runBlobContract({
  name: 'memory',
  open: async () => {
    const blobs = createMemoryBlobStore();
    return { blobs, kept: async () => blobs.count() };
  },
});
