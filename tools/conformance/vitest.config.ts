import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@pips/conformance', include: ['src/**/*.test.ts'] },
});
