// `@pips/domain/memory`: the Store port kept in memory. Pure, like the rest of the domain; the
// `@pips/store-memory` adapter and the test fake (`@pips/domain/test`) are both this store.
export { createMemoryStore } from './memory-store/memory-store';
