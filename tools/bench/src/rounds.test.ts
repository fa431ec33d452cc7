import { describe, expect, it } from 'vitest';
import type { Figures, Load } from './measure';
import { interleaved, median } from './rounds';

const figures = (requestsPerSecond: number, errors = 0): Figures => ({ requestsPerSecond, p50: requestsPerSecond / 100, p90: 0, p99: 0, errors });

describe('median', () => {
  it('keeps the middle round whole, and every round\'s errors', () => {
    expect(median([figures(300), figures(100, 1), figures(200, 2)])).toEqual({ ...figures(200), errors: 3 });
  });

  it('takes the lower middle of an even count, and refuses no rounds', () => {
    expect(median([figures(4), figures(1), figures(3), figures(2)]).requestsPerSecond).toBe(2);
    expect(() => median([])).toThrow(/no rounds/);
  });
});

describe('interleaved', () => {
  it('warms each contender up, then measures them in turn, round after round', async () => {
    const calls: string[] = [];
    const load: Load = { seconds: 3, connections: 10 };
    const warmUp: Load = { seconds: 1, connections: 10 };
    let tick = 0;
    const run = async (url: string, given: Load, post?: { body: () => string }) => {
      calls.push(`${url}${given === warmUp ? ' warm' : ''}${post ? ` ${post.body()}` : ''}`);
      return figures(url === 'a' ? 10 + (tick++ % 3) : 20);
    };
    const result = await interleaved([{ name: 'A', url: 'a' }, { name: 'B', url: 'b', post: { body: () => 'x' } }], load, warmUp, 3, run);
    expect(calls).toEqual(['a warm', 'b warm x', 'a', 'b x', 'a', 'b x', 'a', 'b x']);
    // A measured 11, 12, 10 (its warm-up took tick 0): the median is 11.
    expect(result.get('A')?.requestsPerSecond).toBe(11);
    expect(result.get('B')?.requestsPerSecond).toBe(20);
  });
});
