import { describe, expect, it } from 'vitest';
import { restartBackoff } from './restart-backoff';

describe('restartBackoff', () => {
  it('replaces a worker at once after a calm spell, ever more slowly while deaths come quickly', () => {
    const backoff = restartBackoff({ firstMs: 100, maxMs: 1000, calmMs: 60_000 });
    const delays = [0, 1_000, 2_000, 3_000, 4_000, 5_000].map((t) => backoff.next(t));
    expect(delays).toEqual([100, 200, 400, 800, 1000, 1000]);
    // A minute without a death starts over.
    expect(backoff.next(65_000)).toBe(100);
    expect(backoff.next(66_000)).toBe(200);
  });

  it('never overflows, however long the loop', () => {
    const backoff = restartBackoff({ firstMs: 100, maxMs: 30_000, calmMs: 60_000 });
    let delay = 0;
    for (let t = 0; t < 5_000; t++) delay = backoff.next(t * 1_000);
    expect(delay).toBe(30_000);
  });
});
