// The in-memory store is pure, so it lives in the domain (`@pips/domain/memory`); this package is
// the adapter the apps compose, under the name they know.
export { createMemoryStore } from '@pips/domain/memory';
export { createMemoryBlobStore, type MemoryBlobStore } from './memory-blob-store';
