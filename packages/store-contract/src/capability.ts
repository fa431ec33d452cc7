import { describe } from 'vitest';
import type { StoreCapabilities } from './contract-options';

/**
 * A describe that runs when the adapter declares `capability` (or, with `declared: false`, when
 * it declares the lack of it), and is otherwise skipped with the reason in its title.
 */
export function describeWhen(
  capabilities: StoreCapabilities,
  capability: keyof StoreCapabilities,
  declared: boolean,
  title: string,
  cases: () => void,
): void {
  const runs = capabilities[capability] === declared;
  const reason = `skipped: the store declares ${capability}: ${String(capabilities[capability])}`;
  describe.skipIf(!runs)(runs ? title : `${title} (${reason})`, cases);
}

/** Refuses a declaration that cannot hold, before any case runs. */
export function checkCapabilities(name: string, capabilities: StoreCapabilities, reopen: unknown): void {
  if (capabilities.retriesOnDeadlock && !capabilities.concurrentWriters) {
    throw new Error(`${name}: retriesOnDeadlock needs concurrentWriters (one transaction at a time never deadlocks)`);
  }
  if (capabilities.persistent && typeof reopen !== 'function') {
    throw new Error(`${name}: a persistent store must hand the kit reopen()`);
  }
}
