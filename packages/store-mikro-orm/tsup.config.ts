import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/test.ts', 'src/migration-create.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node22',
});
