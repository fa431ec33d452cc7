import { defineConfig } from 'vitest/config';

// One run over every workspace: each package or app with a vitest.config.ts is a project.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'tools/*/vitest.config.ts'],
  },
});
