import { createMemoryStore } from '@pips/domain/memory';
import { openMikroOrmStore } from '@pips/store-mikro-orm';
import type { CountedStore } from './bills';
import type { Prepared } from './server';

/** A store on the engine's prepared data, in this process, counting the statements it sends. */
export async function openCounted(engine: string, prepared: Prepared): Promise<CountedStore> {
  if (engine === 'memory') return { store: createMemoryStore(), statements: () => null };
  let count = 0;
  const onStatement = () => void count++;
  const store =
    engine === 'pglite'
      ? await openMikroOrmStore({ dataDir: prepared.env.DATA_DIR!, onStatement })
      : await openMikroOrmStore({ databaseUrl: prepared.env.DATABASE_URL!, onStatement });
  return { store, statements: () => count };
}
