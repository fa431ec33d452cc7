import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@pips/server', include: ['src/**/*.test.ts'] },
});
