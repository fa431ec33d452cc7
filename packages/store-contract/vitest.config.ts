import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@pips/store-contract', include: ['src/**/*.test.ts'] },
});
