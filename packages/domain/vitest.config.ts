import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@pips/domain', include: ['src/**/*.test.ts'] },
});
