import { isUniqueViolation } from '../errors';
import type { Clock, Store } from '../ports';

/**
 * The site secret `name`, made by `generate` the first time any process asks: kept in the store,
 * so every server process on one database uses the same one and it outlives restarts. Two
 * processes asking at once both end up with the one that was stored first.
 */
export async function siteSecret(deps: { store: Store; clock: Clock }, name: string, generate: () => string): Promise<string> {
  const read = () => deps.store.read((tx) => tx.repo('site_secret').findOne({ name }));
  const found = await read();
  if (found) return found.value;
  try {
    await deps.store.transaction((tx) => tx.repo('site_secret').insert({ name, value: generate(), created_at: deps.clock.now() }));
  } catch (error) {
    if (!isUniqueViolation(error, 'site_secret_name_unique')) throw error;
  }
  const kept = await read();
  if (!kept) throw new Error(`site secret ${name} was stored but cannot be read back`);
  return kept.value;
}
