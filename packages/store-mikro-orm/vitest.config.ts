import { defineProject } from 'vitest/config';

export default defineProject({
  // Starting embedded PGlite takes a few seconds on a cold cache.
  test: { name: '@pips/store-mikro-orm', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000 },
});
