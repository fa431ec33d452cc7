import type { Context } from '../context';
import { permissions } from '../permissions';
import { createFakeStore, type FakeStore } from './fake-store';

/** A caller with every permission on a fresh fake store, at a fixed instant. */
export function fakeContext(): Context & { store: FakeStore } {
  return {
    store: createFakeStore(),
    clock: { now: () => new Date('2025-01-01T00:00:00Z') },
    actor: { tokenId: 1, name: 'test', permissions: new Set(permissions) },
    site: { currency: 'USD' },
  };
}
