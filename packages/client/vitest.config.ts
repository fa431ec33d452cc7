import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@pips/client',
    include: ['src/**/*.test.ts'],
    // Each file starts its own harness on a free port; a busy machine can make a start slow.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
