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

  it('starts the next work once the one before calls release, while that one still runs', async () => {
    const { store } = fakeContext();
    const seen: string[] = [];
    const held = gate();
    const a = inTurn(store, 'k', async (release) => {
      seen.push('a writes');
      release();
      await held.opened;
      seen.push('a answered');
    });
    const b = inTurn(store, 'k', async () => seen.push('b reads'));
    const c = inTurn(store, 'k', async () => seen.push('c reads'));
    await b;
    await c;
    expect(seen).toEqual(['a writes', 'b reads', 'c reads']);
    held.open();
    await a;
    expect(seen).toEqual(['a writes', 'b reads', 'c reads', 'a answered']);
  });

  it('ends a turn once, whether release or the end comes first', async () => {
    const { store } = fakeContext();
    const seen: string[] = [];
    await inTurn(store, 'k', async (release) => {
      seen.push('a');
      return release;
    }).then((release) => release());
    const held = gate();
    const started = gate();
    const b = inTurn(store, 'k', async (release) => {
      seen.push('b');
      started.open();
      await held.opened;
      release();
    });
    const c = inTurn(store, 'k', async () => seen.push('c'));
    await started.opened;
    expect(seen).toEqual(['a', 'b']);
    held.open();
    await Promise.all([b, c]);
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});
