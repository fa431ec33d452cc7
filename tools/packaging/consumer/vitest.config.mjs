import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.mjs'],
    // The embedded database templates, from the installed adapter's `/test` subpath.
    globalSetup: ['./global-setup.mjs'],
    // Embedded PostgreSQL starts in seconds on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
