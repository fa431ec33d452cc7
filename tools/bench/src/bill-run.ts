import { openCounted } from './bill-stores';
import { LEVELS, measureBills, seedBillTree } from './bills';
import type { Engine } from './server';

/** Bills on one engine, in this process: the generated assembly seeded, then where-used and the cycle check timed and counted. */
export async function runBills(engine: Engine): Promise<void> {
  const prepared = engine.prepare();
  try {
    const counted = await openCounted(engine.name, prepared);
    try {
      const started = performance.now();
      const tree = await seedBillTree(counted.store);
      const parts = LEVELS.reduce((sum, size) => sum + size, 0);
      console.log(
        `\n${engine.name} bills: ${parts} parts, ${LEVELS.length} levels, ${tree.lines} lines, seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      console.log(`${'measure'.padEnd(34)} ${'median ms'.padStart(10)} ${'statements'.padStart(10)}`);
      for (const figure of await measureBills(counted, tree)) {
        console.log(`${figure.label.padEnd(34)} ${figure.medianMs.toFixed(2).padStart(10)} ${String(figure.statements ?? '-').padStart(10)}`);
      }
    } finally {
      await counted.store.close();
    }
  } finally {
    prepared.cleanup();
  }
}
