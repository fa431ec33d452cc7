import { describe, expect, it } from 'vitest';
import { fromScaled, sumScaled, toScaled } from './scaled-decimal';

describe('scaled decimals', () => {
  it.each([
    ['1000', 10_000_000_000_000n, '1000.0'],
    ['1000.0', 10_000_000_000_000n, '1000.0'],
    ['0.0000000001', 1n, '0.0000000001'],
    ['-2.5', -25_000_000_000n, '-2.5'],
    ['0.0', 0n, '0.0'],
  ])('reads %s exactly and writes it canonically', (text, scaled, canonical) => {
    expect(toScaled(text)).toBe(scaled);
    expect(fromScaled(scaled)).toBe(canonical);
  });

  it('adds without rounding where a float would', () => {
    expect(fromScaled(sumScaled(['0.1', '0.2', '999.7000000001'].map(toScaled)))).toBe('1000.0000000001');
  });

  it.each(['', '1e3', '1.00000000001', 'x', '.5'])('refuses %j', (text) => {
    expect(() => toScaled(text)).toThrow();
  });
});
