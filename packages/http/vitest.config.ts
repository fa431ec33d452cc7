import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@pips/http', include: ['src/**/*.test.ts'] },
});
