import { createMemoryStore } from '@pips/store-memory';
import { describe, expect, it } from 'vitest';
import { commitSignal, signallingStore } from './commit-signal';

const HOUR = 3_600_000;

describe('the commit signal', () => {
  it('wakes a waiter at the next commit, at once for a commit made since it looked, and when its client leaves', async () => {
    const signal = commitSignal();
    const seen = signal.count();
    const waiting = signal.next(seen, HOUR);
    signal.notify();
    await waiting;
    // A commit between the read and the wait is not missed.
    await signal.next(seen, HOUR);
    const gone = new AbortController();
    const left = signal.next(signal.count(), HOUR, gone.signal);
    gone.abort();
    await left;
  });

  it('is notified by a transaction that commits, not by one that fails', async () => {
    const signal = commitSignal();
    const store = signallingStore(createMemoryStore(), signal);
    await store.transaction(async () => undefined);
    expect(signal.count()).toBe(1);
    await expect(store.transaction(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(signal.count()).toBe(1);
    await store.close();
  });
});
