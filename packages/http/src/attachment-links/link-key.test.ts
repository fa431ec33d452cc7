import { systemClock } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { describe, expect, it } from 'vitest';
import { linkKey, rotateLinkKey } from './link-key';

describe('the link key a process keeps', () => {
  it('is read again once its refresh time has passed, so a rotation reaches every process', async () => {
    const store = createMemoryStore();
    let clock = 0;
    const first = linkKey(store, systemClock, 1000, () => clock);
    const second = linkKey(store, systemClock, 1000, () => clock);
    const before = await first();
    expect(before).toHaveLength(32);
    expect(await second()).toEqual(before);

    await rotateLinkKey(store, systemClock);
    clock = 999;
    expect(await first()).toEqual(before);
    clock = 1000;
    const after = await first();
    expect(after).toHaveLength(32);
    expect(after).not.toEqual(before);
    expect(await second()).toEqual(after);
  });

  it('is read for every use with a refresh time of 0', async () => {
    const store = createMemoryStore();
    const key = linkKey(store, systemClock, 0, () => 0);
    const before = await key();
    await rotateLinkKey(store, systemClock);
    expect(await key()).not.toEqual(before);
  });

  it('is read again after a failed read, not kept failing', async () => {
    const store = createMemoryStore();
    let down = true;
    const flaky = { ...store, read: <T>(work: Parameters<typeof store.read<T>>[0]) => (down ? Promise.reject(new Error('down')) : store.read(work)) };
    const key = linkKey(flaky, systemClock, 1000, () => 0);
    await expect(key()).rejects.toThrow('down');
    down = false;
    expect(await key()).toHaveLength(32);
  });
});
