/** Counts promises in flight and tells when none is left. */
export interface InFlight {
  track<T>(pending: Promise<T>): Promise<T>;
  /** Resolves once every promise tracked so far has settled. */
  settled(): Promise<void>;
  /** How many are in flight now. */
  count(): number;
}

export function createInFlight(): InFlight {
  let count = 0;
  let idle: { promise: Promise<void>; resolve(): void } | undefined;
  const done = () => {
    count--;
    if (count > 0 || !idle) return;
    idle.resolve();
    idle = undefined;
  };
  return {
    track(pending) {
      count++;
      pending.then(done, done);
      return pending;
    },
    count: () => count,
    settled() {
      if (count === 0) return Promise.resolve();
      if (!idle) {
        let resolve: () => void = () => undefined;
        const promise = new Promise<void>((settle) => (resolve = settle));
        idle = { promise, resolve };
      }
      return idle.promise;
    },
  };
}
