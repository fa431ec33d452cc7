import { describe, expect, it } from 'vitest';
import { checkCapabilities } from './capability';

const none = { concurrentWriters: false, retriesOnDeadlock: false, persistent: false, postsInOrder: false };

describe('checkCapabilities', () => {
  it('takes a declaration that can hold', () => {
    expect(() => checkCapabilities('memory', none, undefined)).not.toThrow();
    const all = { concurrentWriters: true, retriesOnDeadlock: true, persistent: true, postsInOrder: true };
    expect(() => checkCapabilities('postgresql', all, async () => undefined)).not.toThrow();
  });

  it('refuses deadlock retries on a store that runs one transaction at a time', () => {
    expect(() => checkCapabilities('x', { ...none, retriesOnDeadlock: true }, undefined)).toThrow(/needs concurrentWriters/);
  });

  it('refuses persistence without a way to reopen', () => {
    expect(() => checkCapabilities('x', { ...none, persistent: true }, undefined)).toThrow(/reopen/);
  });
});
