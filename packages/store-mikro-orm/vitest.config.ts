import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@pips/store-mikro-orm',
    include: ['src/**/*.test.ts'],
    // Embedded databases are copies of templates prepared once per run.
    globalSetup: ['./src/global-setup.ts'],
    // Opening embedded PGlite takes seconds on a cold cache and a busy machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
