import { isUniqueViolation } from '../errors';
import type { Clock, Store } from '../ports';
import { many, param } from '../read-plan';
import { CLI_SOURCE_NAME } from '../tokens/token-events';
import { planFirstSiteSecret, planRotateSiteSecret } from './plan-site-secret';

/** The site secret of a name, locked. */
const lockedSecret = { secret: many('site_secret', { name: param('name') }, { lock: true, columns: ['id'] }) };

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
    await deps.store.transaction((tx) => tx.write(planFirstSiteSecret(name, generate(), deps.clock.now()), { commit: true }));
  } catch (error) {
    if (!isUniqueViolation(error, 'site_secret_name_unique')) throw error;
  }
  const kept = await read();
  if (!kept) throw new Error(`site secret ${name} was stored but cannot be read back`);
  return kept.value;
}

/**
 * Replaces the site secret `name` with a new one from `generate` (made when there was none): one
 * transaction, its row locked, so two rotations at once leave one of their values and a process
 * making the first one meanwhile cannot keep its own. Whoever reads it afterwards gets the new one.
 * Two statements in the transaction: the secret locked, then the plan, with its event (by `cli`:
 * only the command line rotates a secret).
 */
export async function rotateSiteSecret(deps: { store: Store; clock: Clock }, name: string, generate: () => string): Promise<void> {
  const rotate = () =>
    deps.store.transaction(async (tx) => {
      const [found] = (await tx.load(lockedSecret, { name })).secret;
      await tx.write(planRotateSiteSecret(found ?? null, name, generate(), { token: CLI_SOURCE_NAME, at: deps.clock.now() }), { commit: true });
    });
  try {
    await rotate();
  } catch (error) {
    // A process made the first one between our read and our insert: replace that one.
    if (!isUniqueViolation(error, 'site_secret_name_unique')) throw error;
    await rotate();
  }
}
