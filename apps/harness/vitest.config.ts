import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@pips/harness', include: ['src/**/*.test.ts'] },
});
