import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@pips/bench', include: ['src/**/*.test.ts'] },
});
