import { describe, expect, it } from 'vitest';
import { sharedPass } from './shared-pass';

/** A pass whose runs end when the test says: `runs` counts them, `finish()` ends the oldest. */
function controlledPass() {
  const pending: Array<() => void> = [];
  let runs = 0;
  const work = () =>
    new Promise<number>((resolve) => {
      const run = ++runs;
      pending.push(() => resolve(run));
    });
  return { work, runs: () => runs, finish: () => pending.shift()!() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedPass', () => {
  it('gives callers that come during a run the next run, shared, begun after the first ends', async () => {
    const pass = controlledPass();
    const shared = sharedPass(pass.work);
    const first = shared();
    const during = [shared(), shared(), shared()];
    expect(pass.runs()).toBe(1);
    pass.finish();
    expect(await first).toBe(1);
    await tick();
    expect(pass.runs()).toBe(2);
    pass.finish();
    expect(await Promise.all(during)).toEqual([2, 2, 2]);
    // Nothing going: a call starts a run of its own at once.
    const later = shared();
    expect(pass.runs()).toBe(3);
    pass.finish();
    expect(await later).toBe(3);
  });

  it('runs the next one after a run that failed, and passes each failure to its own callers', async () => {
    let calls = 0;
    const shared = sharedPass(async () => {
      calls += 1;
      if (calls === 1) throw new Error('first failed');
      return calls;
    });
    const first = shared();
    const second = shared();
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe(2);
  });
});
