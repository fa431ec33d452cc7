import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@pips/bench',
    include: ['src/**/*.test.ts'],
    // The floor test copies an embedded database prepared once per run.
    globalSetup: ['./src/global-setup.ts'],
    // It starts the built server and the built floor on PGlite: seconds each on a busy machine.
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
