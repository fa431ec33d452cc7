import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@pips/conventions', include: ['src/**/*.test.ts'] },
});
