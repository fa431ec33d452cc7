import { ensureToken, issueToken, parseIssueToken, type Clock, type Site, type Store } from '@pips/domain';
import { createMemoryBlobStore, createMemoryStore, type MemoryBlobStore } from '@pips/store-memory';
import { createHarnessClock, type HarnessClock } from './harness-clock';
import { createSwappableStore } from './swappable-store';

/** The token every harness run has, with every permission. */
export const HARNESS_TOKEN = 'harness';

/** The harness site: the server's defaults (SITE_CURRENCY unset). */
export const HARNESS_SITE: Site = { currency: 'USD' };

/** What the control routes and the programmatic API act on. */
export interface HarnessState {
  readonly store: Store;
  readonly clock: HarnessClock;
  /** Attachments' bytes, in memory like the rest. */
  readonly blobs: MemoryBlobStore;
  /** A fresh empty store holding only the harness token, no blobs; the clock back at its start. */
  reset(): Promise<void>;
  /** Issues a token with exactly `permissions`; a read-only one when asked (default read-write). */
  createToken(name: string, permissions: readonly string[], options?: { readOnly?: boolean }): Promise<string>;
}

export async function createHarnessState(): Promise<HarnessState> {
  const clock = createHarnessClock();
  const swappable = createSwappableStore(createMemoryStore());
  // Tokens are set-up, not data under test: they read the clock without moving it.
  const tokenClock: Clock = { now: () => clock.peek() };
  const tokenDeps = { store: swappable.store, clock: tokenClock };

  const blobs = createMemoryBlobStore();
  const state: HarnessState = {
    store: swappable.store,
    clock,
    blobs,
    async reset() {
      const previous = swappable.swap(createMemoryStore());
      await previous.close();
      blobs.clear();
      clock.reset();
      await ensureToken(tokenDeps, HARNESS_TOKEN, HARNESS_TOKEN);
    },
    async createToken(name, permissions, options = {}) {
      return (await issueToken(tokenDeps, parseIssueToken({ name, permissions, readOnly: options.readOnly === true }))).token;
    },
  };
  await ensureToken(tokenDeps, HARNESS_TOKEN, HARNESS_TOKEN);
  return state;
}
