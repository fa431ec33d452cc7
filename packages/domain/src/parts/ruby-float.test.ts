import { describe, expect, it } from 'vitest';
import { rubyFloat, rubyFloatFromDigits } from './ruby-float';

describe('rubyFloat', () => {
  // Each pair is what Ruby 3 prints for the same Float (`p 4.7e-11` → 4.7e-11).
  it.each([
    [4700, '4700.0'],
    [4.7, '4.7'],
    [0, '0.0'],
    [-0, '-0.0'],
    [1, '1.0'],
    [-2.5, '-2.5'],
    [0.1, '0.1'],
    [0.001, '0.001'],
    [0.0001, '0.0001'],
    [0.00012, '0.00012'],
    [0.00001, '1.0e-05'],
    [0.000012, '1.2e-05'],
    [1e-7, '1.0e-07'],
    [4.7e-11, '4.7e-11'],
    [1e-100, '1.0e-100'],
    [1e15, '1000000000000000.0'],
    [1234567890123456, '1234567890123456.0'],
    [1e16, '1.0e+16'],
    [1.5e16, '1.5e+16'],
    [12345678901234568, '1.2345678901234568e+16'],
    [1e21, '1.0e+21'],
    [1e300, '1.0e+300'],
    [0.30000000000000004, '0.30000000000000004'],
    [100.125, '100.125'],
    [Number.MIN_VALUE, '5.0e-324'],
    [Number.MAX_VALUE, '1.7976931348623157e+308'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [Number.NEGATIVE_INFINITY, '-Infinity'],
  ])('writes %s as %s', (value, text) => {
    expect(rubyFloat(value)).toBe(text);
  });

  it('writes digits that read back to the same double', () => {
    for (const value of [4.7e-12, 2.2e-9, 0.1 + 0.2, 1 / 3, 123456.789, 9999999999999998]) {
      expect(Number(rubyFloat(value))).toBe(value);
    }
  });

  it('writes plain-notation values as the digits do, whichever way it takes', () => {
    const values: number[] = [];
    for (let exponent = -6; exponent <= 17; exponent++) {
      for (const mantissa of [1, 1.5, 4.7, 9.999999999999998, 1 / 3, 2 / 3, 7.25, 123456789.125 / 1e8]) {
        values.push(mantissa * 10 ** exponent, -mantissa * 10 ** exponent, Math.round(mantissa * 10 ** exponent));
      }
    }
    for (const value of values.filter((v) => v !== 0)) expect(rubyFloat(value), String(value)).toBe(rubyFloatFromDigits(value));
  });
});
