import { describe, expect, it } from 'vitest';
import { poolMaxOf } from './pool-size';

describe('poolMaxOf', () => {
  it('reads the pool gauge among the others', () => {
    const text = [
      '# HELP pips_store_pool_connections Open connections.',
      'pips_store_pool_connections{state="busy"} 3',
      '# TYPE pips_store_pool_max_connections gauge',
      'pips_store_pool_max_connections 4',
      'pips_store_pool_max_connections_total 99',
    ].join('\n');
    expect(poolMaxOf(text)).toBe(4);
  });

  it('answers null without a pool', () => {
    expect(poolMaxOf('pips_store_queue_waiting 0\n')).toBeNull();
  });
});
