import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@pips/packaging',
    include: ['src/**/*.test.ts'],
    // Builds what is missing or older than its sources, before any test of the run starts.
    globalSetup: ['./src/global-setup.ts'],
    // Packing, installing into a scratch project and running it there take a minute or more on a
    // busy machine; the steps have their own limits, generous ones.
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
