/** Runs tasks one at a time, in call order, and says how many wait their turn. */
export interface SerialQueue {
  <T>(task: () => Promise<T>): Promise<T>;
  /** Tasks queued and not yet started (the one running is not counted). */
  waiting(): number;
}

/** Runs tasks one at a time, in call order; a failed task does not stop the ones behind it. */
export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const run = <T>(task: () => Promise<T>): Promise<T> => {
    waiting++;
    const result = tail.then(() => {
      waiting--;
      return task();
    });
    tail = result.catch(() => undefined);
    return result;
  };
  return Object.assign(run, { waiting: () => waiting });
}
