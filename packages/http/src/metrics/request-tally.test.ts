import { describe, expect, it } from 'vitest';
import { createRequestTally, LATENCY_BUCKETS } from './request-tally';

describe('createRequestTally', () => {
  it('counts requests by method, route and status, and their time by method and route', () => {
    const tally = createRequestTally();
    tally.record('GET', '/unit/:id', 200, 0.002);
    tally.record('GET', '/unit/:id', 404, 0.001);
    tally.record('GET', '/unit/:id', 200, 0.003);
    tally.record('HEAD', '/unit/:id', 200, 0.001);
    tally.record('GET', '/unit', 200, 0.5);
    const series = [...tally.series()];
    expect(series.map((s) => [s.method, s.route, Object.fromEntries(s.statuses), s.count])).toEqual([
      ['GET', '/unit/:id', { 200: 2, 404: 1 }, 3],
      ['HEAD', '/unit/:id', { 200: 1 }, 1],
      ['GET', '/unit', { 200: 1 }, 1],
    ]);
    expect(series[0]!.seconds).toBeCloseTo(0.006, 12);
  });

  it('puts a time in the first bucket whose bound it does not pass, and past every bound in the last', () => {
    const tally = createRequestTally();
    const times = [0, 0.0001, 0.00010001, 0.001, 0.0099, 10, 11, 3600];
    for (const seconds of times) tally.record('GET', '/x', 200, seconds);
    const [series] = [...tally.series()];
    const expected = new Array<number>(LATENCY_BUCKETS.length + 1).fill(0);
    const at = (bound: number) => LATENCY_BUCKETS.indexOf(bound);
    expected[at(0.0001)] = 2; // 0 and exactly the bound
    expected[at(0.00025)] = 1;
    expected[at(0.001)] = 1;
    expected[at(0.01)] = 1;
    expected[at(10)] = 1;
    expected[LATENCY_BUCKETS.length] = 2;
    expect(series!.buckets).toEqual(expected);
    expect(series!.count).toBe(times.length);
  });

  it('has increasing bounds covering 0.1 ms to 100 ms', () => {
    expect([...LATENCY_BUCKETS].sort((a, b) => a - b)).toEqual(LATENCY_BUCKETS);
    expect(LATENCY_BUCKETS[0]).toBe(0.0001);
    expect(LATENCY_BUCKETS.filter((b) => b >= 0.0001 && b <= 0.1).length).toBeGreaterThanOrEqual(9);
  });
});
