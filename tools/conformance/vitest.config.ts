import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@pips/conformance',
    include: ['src/**/*.test.ts'],
    // Starts every target (harness, server on PGlite, server on PostgreSQL) once per run.
    globalSetup: ['./src/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The server targets are never reset, so files share their state; tests create what they
    // need under unique names and never rely on an empty store. Files still run one at a time
    // so a slow store is not also a contended one.
    fileParallelism: false,
  },
});
