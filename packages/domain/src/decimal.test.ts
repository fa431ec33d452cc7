import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  canonicalDecimal,
  compareDecimal,
  divideDecimal,
  multiplyDecimal,
  parseDecimal,
  roundDecimal,
  subtractDecimal,
} from './decimal';

describe('parseDecimal', () => {
  it.each([
    ['10', '10.0'],
    ['10.50', '10.5'],
    ['0.009', '0.009'],
    ['-0', '0.0'],
    ['+3.', '3.0'],
    ['.5', '0.5'],
    ['1e3', '1000.0'],
    ['1.5E-3', '0.0015'],
    [' 7 ', '7.0'],
  ])('reads %s as %s', (text, canonical) => {
    expect(parseDecimal(text)).toEqual({ ok: true, value: canonical });
  });

  it('keeps values a binary float would round', () => {
    expect(parseDecimal('0.1')).toEqual({ ok: true, value: '0.1' });
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(parseDecimal('12345678901234567890.0123456789')).toEqual({
      ok: true,
      value: '12345678901234567890.0123456789',
    });
  });

  it.each(['', 'abc', '1,5', '1.2.3', '0x10', 'NaN', 'Infinity', '1e', '--1'])('rejects %j', (text) => {
    expect(parseDecimal(text)).toEqual({ ok: false, reason: 'not_a_number' });
  });

  it('rejects values beyond the stored precision', () => {
    expect(parseDecimal('0.12345678901')).toEqual({ ok: false, reason: 'too_precise' });
    expect(parseDecimal('123456789012345678901')).toEqual({ ok: false, reason: 'too_precise' });
  });

  it.each([
    ['1e9000000000000000'],
    ['1e99999999999999999'],
    ['-1e99999999999999999'],
    ['1e-99999999999999999'],
    ['1e20'],
    ['1e-11'],
    ['0.00000000001'],
    ['1.5e-10'],
  ])('refuses %s, out of range, quickly and without expanding it', (text) => {
    const started = performance.now();
    expect(parseDecimal(text)).toEqual({ ok: false, reason: 'too_precise' });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it.each([
    ['1e19', '10000000000000000000.0'],
    ['1e-10', '0.0000000001'],
    ['0.000123e5', '12.3'],
    ['00012.5', '12.5'],
    ['0e99999999999999999', '0.0'],
    ['-0.000e-99999999999999999', '0.0'],
  ])('reads %s, at the edge of the range, as %s', (text, canonical) => {
    expect(parseDecimal(text)).toEqual({ ok: true, value: canonical });
  });
});

describe('decimal arithmetic', () => {
  it('subtracts, compares and canonicalises exactly', () => {
    expect(subtractDecimal('10.0', '0.3')).toBe('9.7');
    expect(compareDecimal('2.50', '2.5')).toBe(0);
    expect(compareDecimal('2.4', '2.5')).toBe(-1);
    expect(canonicalDecimal('100.000')).toBe('100.0');
  });

  it('keeps every one of 30 digits through arithmetic', () => {
    expect(addDecimal('12345678901234567890.1234567891', '0.0000000001')).toBe('12345678901234567890.1234567892');
    expect(subtractDecimal('-12345678901234567890.1234567891', '0.0000000001')).toBe('-12345678901234567890.1234567892');
    expect(compareDecimal('12345678901234567890.1234567891', '12345678901234567890.1234567892')).toBe(-1);
  });
});

describe('decimal products and quotients', () => {
  it('multiplies exactly, never through a binary float', () => {
    expect(multiplyDecimal('0.1', '3')).toBe('0.3');
    expect(multiplyDecimal('2.50', '4')).toBe('10.0');
    expect(multiplyDecimal('0', '-7.5')).toBe('0.0');
    expect(multiplyDecimal('12345678901234567890.1234567891', '12345678901234567890.1234567891')).toBe(
      '152415787532388367504953515627831123655.26596557677488187881',
    );
  });

  it('rounds a chain of products to 64 significant digits', () => {
    let product = '1';
    for (let i = 0; i < 10; i++) product = multiplyDecimal(product, '1.0000000001');
    expect(product).toBe('1.00000000100000000045000000012000000002100000000252000000021');
    // Exactly: 1.0000000010000000004500000001200000000210000000025200000002100000000120…
  });

  it('divides, rounding half-even to ten fraction digits unless told', () => {
    expect(divideDecimal('1', '3')).toBe('0.3333333333');
    expect(divideDecimal('2', '3')).toBe('0.6666666667');
    expect(divideDecimal('10', '4')).toBe('2.5');
    expect(divideDecimal('0.00000000005', '1')).toBe('0.0');
    expect(divideDecimal('0.00000000015', '1')).toBe('0.0000000002');
    expect(divideDecimal('1', '8', 2)).toBe('0.12');
    expect(divideDecimal('12345678901234567890', '0.0000000001')).toBe('123456789012345678900000000000.0');
    expect(() => divideDecimal('1', '0.0')).toThrow(RangeError);
  });

  it('rounds half-even to ten fraction digits unless told', () => {
    expect(roundDecimal('0.00000000005')).toBe('0.0');
    expect(roundDecimal('0.00000000015')).toBe('0.0000000002');
    expect(roundDecimal('2.345', 2)).toBe('2.34');
    expect(roundDecimal('2.355', 2)).toBe('2.36');
    expect(roundDecimal('7')).toBe('7.0');
  });
});
