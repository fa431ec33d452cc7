import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@pips/xml', include: ['src/**/*.test.ts'] },
});
