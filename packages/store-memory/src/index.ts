export { createMemoryStore } from './memory-store';
