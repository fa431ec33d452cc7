import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/test.ts', 'src/migration-create.ts', 'src/pglite-worker.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node22',
});
