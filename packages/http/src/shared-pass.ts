/**
 * `work` shared by callers that come together: a call while no run is going starts one; a call
 * while one is going waits for the next run, which starts once that one ends and is shared by
 * every call that came meanwhile. Each caller so gets a run begun after its call (the event
 * numbering pass must see every commit made before its caller asked), and at most two are ever
 * open: many followers of the feed in one process cost the database one pass at a time.
 */
export function sharedPass<T>(work: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const run = work().finally(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  };
  return () => {
    if (running === null) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}
