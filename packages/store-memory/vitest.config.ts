import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@pips/store-memory', include: ['src/**/*.test.ts'] },
});
