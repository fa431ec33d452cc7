import { defineConfig } from 'tsup';

export default defineConfig({
  // The bench, and the floor servers it starts as child processes (dist/floor.js).
  entry: { main: 'src/main.ts', floor: 'src/floor/main.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node22',
});
