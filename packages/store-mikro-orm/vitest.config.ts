import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@pips/store-mikro-orm', include: ['src/**/*.test.ts'] },
});
