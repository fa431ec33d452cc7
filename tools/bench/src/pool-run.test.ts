import { describe, expect, it } from 'vitest';
import { poolTable, type PoolFigure } from './pool-run';

const figures = (requestsPerSecond: number, errors = 0) => ({ requestsPerSecond, p50: 1, p90: 2, p99: 3, errors });

describe('poolTable', () => {
  it('compares each pool with the first of the same target and load, and names errors', () => {
    const rows: PoolFigure[] = [
      { target: 'show unit', clients: 10, pool: 4, figures: figures(1000) },
      { target: 'show unit', clients: 10, pool: 10, figures: figures(1500) },
      { target: 'show unit', clients: 50, pool: 4, figures: figures(800) },
      { target: 'show unit', clients: 50, pool: 10, figures: figures(400, 7) },
    ];
    const [header, ...lines] = poolTable(rows);
    expect(header).toMatch(/^target\s+clients\s+pool/);
    expect(lines.map((line) => line.split(/\s+/).slice(2))).toEqual([
      ['10', '4', '1000', '1', '3', '1.000'],
      ['10', '10', '1500', '1', '3', '1.500'],
      ['50', '4', '800', '1', '3', '1.000'],
      ['50', '10', '400', '1', '3', '0.500', 'errors', '7'],
    ]);
  });
});
