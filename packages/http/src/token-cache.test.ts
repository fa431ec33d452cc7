import type { Principal } from '@pips/domain';
import { describe, expect, it } from 'vitest';
import { cachedAuthenticate } from './token-cache';

const principal = (name: string): Principal => ({ tokenId: 1, name, permissions: new Set(), readOnly: false });

describe('cachedAuthenticate', () => {
  it('checks a token once per ttl, then again', async () => {
    let clock = 0;
    const calls: string[] = [];
    const auth = cachedAuthenticate(async (t) => (calls.push(t), principal(t)), 1000, () => clock);
    await auth('a');
    clock = 999;
    expect((await auth('a')).name).toBe('a');
    expect(calls).toEqual(['a']);
    clock = 1000;
    await auth('a');
    expect(calls).toEqual(['a', 'a']);
  });

  it('never remembers a failure, so a new token works at once', async () => {
    let valid = false;
    const auth = cachedAuthenticate(
      async (t) => {
        if (!valid) throw new Error('Invalid API token');
        return principal(t);
      },
      1000,
      () => 0,
    );
    await expect(auth('b')).rejects.toThrow('Invalid API token');
    valid = true;
    expect((await auth('b')).name).toBe('b');
  });

  it('with ttl 0 checks every time', async () => {
    let calls = 0;
    const auth = cachedAuthenticate(async (t) => (calls++, principal(t)), 0);
    await auth('c');
    await auth('c');
    expect(calls).toBe(2);
  });
});
