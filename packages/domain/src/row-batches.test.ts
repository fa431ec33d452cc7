import { describe, expect, it } from 'vitest';
import { inBatch, MAX_BATCH, type Batched } from './row-batches';
import { inTurn } from './row-turns';
import { fakeContext } from './test';

/** A promise and the function that settles it: a step held open until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** A batch run that records what it was given and answers each item doubled, or fails an item named 'bad'. */
function recorder() {
  const batches: string[][] = [];
  const run = async (batch: ReadonlyArray<Batched<string, string>>) => {
    batches.push(batch.map((b) => b.item));
    for (const b of batch) if (b.item === 'bad') b.reject(new Error('bad item')); else b.resolve(b.item + b.item);
  };
  return { batches, run };
}

describe('inBatch', () => {
  it('takes what arrives while a batch waits for its turn into that batch, in arrival order, each answered alone', async () => {
    const { store } = fakeContext();
    const { batches, run } = recorder();
    const held = gate();
    const first = inBatch(store, 'k', 'a', async (batch: ReadonlyArray<Batched<string, string>>) => {
      await held.opened;
      await run(batch);
    });
    const rest = ['b', 'bad', 'c'].map((item) => inBatch(store, 'k', item, run));
    held.open();
    expect(await first).toBe('aa');
    const settled = await Promise.allSettled(rest);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual(['bb', 'bad item', 'cc']);
    expect(batches).toEqual([['a'], ['b', 'bad', 'c']]);
    // The key's batch is gone once taken: the next arrival runs at once, alone.
    expect(await inBatch(store, 'k', 'd', run)).toBe('dd');
    expect(batches.at(-1)).toEqual(['d']);
  });

  it('keeps its place among other work on the key: a batch is one turn', async () => {
    const { store } = fakeContext();
    const seen: string[] = [];
    const held = gate();
    const a = inTurn(store, 'k', () => held.opened.then(() => void seen.push('turn a')));
    const run = async (batch: ReadonlyArray<Batched<number, number>>) => {
      seen.push(`batch ${batch.map((b) => b.item).join(',')}`);
      for (const b of batch) b.resolve(b.item);
    };
    const batched = [1, 2].map((n) => inBatch(store, 'k', n, run));
    const c = inTurn(store, 'k', async () => void seen.push('turn c'));
    held.open();
    await Promise.all([a, ...batched, c]);
    expect(seen).toEqual(['turn a', 'batch 1,2', 'turn c']);
  });

  it('batches each run of a key apart, in arrival order: a request for another run closes the waiting batch', async () => {
    const { store } = fakeContext();
    const seen: string[] = [];
    const held = gate();
    const runOf = (name: string) => async (batch: ReadonlyArray<Batched<number, number>>) => {
      seen.push(`${name} ${batch.map((b) => b.item).join(',')}`);
      for (const b of batch) b.resolve(b.item);
    };
    const [adjust, split] = [runOf('adjust'), runOf('split')];
    const first = inBatch(store, 'k', 0, async (batch: ReadonlyArray<Batched<number, number>>) => {
      await held.opened;
      await adjust(batch);
    });
    const rest = [inBatch(store, 'k', 1, adjust), inBatch(store, 'k', 2, adjust), inBatch(store, 'k', 3, split), inBatch(store, 'k', 4, split), inBatch(store, 'k', 5, adjust)];
    held.open();
    await Promise.all([first, ...rest]);
    expect(seen).toEqual(['adjust 0', 'adjust 1,2', 'split 3,4', 'adjust 5']);
  });

  it('starts a new batch past MAX_BATCH, and keeps keys and stores apart', async () => {
    const { store } = fakeContext();
    const other = fakeContext().store;
    const { batches, run } = recorder();
    const held = gate();
    const first = inBatch(store, 'k', 'first', async (batch: ReadonlyArray<Batched<string, string>>) => {
      await held.opened;
      await run(batch);
    });
    const many = Array.from({ length: MAX_BATCH + 1 }, (_, i) => inBatch(store, 'k', `i${i}`, run));
    const elsewhere = [inBatch(store, 'j', 'other key', run), inBatch(other, 'k', 'other store', run)];
    expect(await Promise.all(elsewhere)).toEqual(['other keyother key', 'other storeother store']);
    held.open();
    await Promise.all([first, ...many]);
    expect(batches.map((b) => b.length)).toEqual([1, 1, 1, MAX_BATCH, 1]);
    expect(batches.slice(3).flat()).toEqual(Array.from({ length: MAX_BATCH + 1 }, (_, i) => `i${i}`));
  });

  it('fails what the run leaves unanswered with what it throws, or as unanswered, and passes the turn on', async () => {
    const { store } = fakeContext();
    const failing = inBatch(store, 'k', 'a', async (batch: ReadonlyArray<Batched<string, string>>) => {
      batch[0]!.resolve('answered first');
      throw new Error('run failed');
    });
    expect(await failing).toBe('answered first');
    const held = gate();
    // On a key of its own, so it runs at once, alone: b and c make the next batch.
    const silent = inBatch(store, 'j', 'x', () => held.opened);
    const both = ['b', 'c'].map((item) => inBatch(store, 'j', item, async () => {
      throw new Error('run failed');
    }));
    held.open();
    await expect(silent).rejects.toThrow('The batch ended without answering this request');
    for (const p of both) await expect(p).rejects.toThrow('run failed');
    expect(await inBatch(store, 'j', 'd', recorder().run)).toBe('dd');
  });
});
