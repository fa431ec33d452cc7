import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@pips/blob-fs', include: ['src/**/*.test.ts'] },
});
