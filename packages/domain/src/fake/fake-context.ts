import type { Context } from '../context';
import { permissions as allPermissions, type Permission } from '../permissions';
import type { Site } from '../site';
import { createFakeStore, type FakeStore } from './fake-store';

export interface FakeContextOptions {
  /** What the caller may do; every permission when left out. */
  permissions?: readonly Permission[];
  /** The instant the clock always reads; 2025-01-01T00:00:00Z when left out. */
  now?: Date;
  /** The store to run on; a fresh fake store when left out. */
  store?: FakeStore;
  /** The site's settings; currency USD when left out. */
  site?: Site;
}

export type FakeContext = Context & { store: FakeStore };

/** What a use case runs with, for a test: a fake store, a stopped clock, a caller named `test` and a USD site. */
export function fakeContext(options: FakeContextOptions = {}): FakeContext {
  const now = options.now ?? new Date('2025-01-01T00:00:00Z');
  return {
    store: options.store ?? createFakeStore(),
    clock: { now: () => new Date(now) },
    actor: { tokenId: 1, name: 'test', permissions: new Set(options.permissions ?? allPermissions), readOnly: false },
    site: options.site ?? { currency: 'USD' },
  };
}
