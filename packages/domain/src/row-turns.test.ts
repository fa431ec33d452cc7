import { describe, expect, it } from 'vitest';
import { inTurn } from './row-turns';
import { fakeContext } from './test';

/** A promise and the function that settles it: a step held open until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('inTurn', () => {
  it('runs work on one key of one store one at a time, in arrival order, a failure passing the turn on', async () => {
    const { store } = fakeContext();
    const seen: string[] = [];
    const first = gate();
    const a = inTurn(store, 'k', async () => {
      seen.push('a starts');
      await first.opened;
      seen.push('a ends');
      throw new Error('a failed');
    });
    const b = inTurn(store, 'k', async () => {
      seen.push('b');
      return 2;
    });
    await Promise.resolve();
    expect(seen).toEqual(['a starts']);
    first.open();
    await expect(a).rejects.toThrow('a failed');
    expect(await b).toBe(2);
    expect(seen).toEqual(['a starts', 'a ends', 'b']);
  });

  it('lets other keys, and the same key of another store, go meanwhile', async () => {
    const { store } = fakeContext();
    const other = fakeContext().store;
    const held = gate();
    const seen: string[] = [];
    const waiting = inTurn(store, 'k', () => held.opened);
    await inTurn(store, 'j', async () => seen.push('other key'));
    await inTurn(other, 'k', async () => seen.push('other store'));
    expect(seen).toEqual(['other key', 'other store']);
    held.open();
    await waiting;
  });
});
