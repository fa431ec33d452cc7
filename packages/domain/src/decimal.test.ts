import { describe, expect, it } from 'vitest';
import { addDecimal, canonicalDecimal, compareDecimal, parseDecimal, subtractDecimal } from './decimal';

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
