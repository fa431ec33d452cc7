import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@pips/server',
    include: ['src/**/*.test.ts'],
    // Embedded databases are copies of templates prepared once per run.
    globalSetup: ['./src/global-setup.ts'],
    // Some tests start the built server or open embedded PGlite: seconds each on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
