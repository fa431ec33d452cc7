import type { Store } from './ports';
import { inTurn } from './row-turns';

/**
 * Requests for one row that arrive while the row's turn is taken wait together and are written
 * together (group commit): one read and one plan for the lot, where each alone would read and
 * write in turn (docs/decisions.md, "Changes of one unit, or of one bill, that wait together
 * are made together"). The batch takes one turn (`inTurn`), so it keeps its place among other
 * work on the row; what joins it arrived while it waited, so every request in it was in flight
 * at once and any order among them is one they could have had.
 */

/** One request of a batch, and how to answer it. */
export interface Batched<I, T> {
  readonly item: I;
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** The most requests one batch takes: past it, the next arrivals make the next batch. */
export const MAX_BATCH = 64;

/** A batch still waiting for its turn, and the run it waits for. */
interface Open {
  readonly run: unknown;
  readonly batch: Array<Batched<unknown, unknown>>;
}

/** Per store, per key: the batch still waiting for its turn, which new requests for the same run join. */
const waiting = new WeakMap<Store, Map<string, Open>>();

/**
 * Answers `item` once `run` has taken it in a batch of `key`'s requests on `store`: those for the
 * same `run` that arrived while the batch waited for its turn, in arrival order, at most
 * `MAX_BATCH`, until a request for another run of the key arrives (it takes the next turn, and
 * later arrivals the one after). `run` must settle each request it is given, and calls `release`
 * as `inTurn`'s work does.
 */
export function inBatch<I, T>(
  store: Store,
  key: string,
  item: I,
  run: (batch: ReadonlyArray<Batched<I, T>>, release: () => void) => Promise<void>,
): Promise<T> {
  let keys = waiting.get(store);
  if (!keys) waiting.set(store, (keys = new Map()));
  return new Promise<T>((resolve, reject) => {
    const entry: Batched<I, T> = { item, resolve, reject };
    const open = keys.get(key);
    if (open && open.run === run && open.batch.length < MAX_BATCH) return void open.batch.push(entry as Batched<unknown, unknown>);
    const batch = [entry];
    const opened: Open = { run, batch: batch as Array<Batched<unknown, unknown>> };
    keys.set(key, opened);
    void inTurn(store, key, async (release) => {
      // The turn came: later arrivals make a batch of their own.
      if (keys.get(key) === opened) keys.delete(key);
      try {
        await run(batch, release);
      } catch (error) {
        // What `run` did not settle fails with it; a settled promise ignores this.
        for (const { reject: fail } of batch) fail(error);
      }
      // A run that forgot one must not leave its caller waiting for ever.
      for (const { reject: fail } of batch) fail(new Error('The batch ended without answering this request'));
    });
  });
}
