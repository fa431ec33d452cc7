import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { canonicalDecimal } from './decimal';

/** The plain-notation fast path must agree with the Decimal path on every such text. */
function viaDecimal(text: string): string {
  const value = new Decimal(text);
  const plain = (value.isZero() ? new Decimal(0) : value).toFixed();
  return plain.includes('.') ? plain.replace(/0+$/, '').replace(/\.$/, '.0') : `${plain}.0`;
}

describe('canonicalDecimal on plain notation', () => {
  const samples = [
    '0', '-0', '0.0000000000', '-0.0000000000', '00012.3400', '1.5000000000', '10', '10.', '-10.0',
    '0.0125000000', '-0.0125', '123456789012345678901234567890.1234567890', '000', '0.1', '-0.1000',
    '7', '-7', '100.000', '0.0000000001',
  ];
  it.each(samples)('%s', (text) => {
    expect(canonicalDecimal(text)).toBe(viaDecimal(text));
  });

  it('agrees on many generated texts', () => {
    const digits = (n: number) => Array.from({ length: n }, (_, i) => String((i * 7 + n * 3) % 10)).join('');
    for (let whole = 0; whole < 12; whole++) {
      for (let fraction = 0; fraction < 12; fraction++) {
        for (const zeros of ['', '0', '000']) {
          for (const sign of ['', '-']) {
            const text = `${sign}${digits(whole) || '0'}${fraction ? `.${digits(fraction)}${zeros}` : ''}`;
            expect(canonicalDecimal(text), text).toBe(viaDecimal(text));
          }
        }
      }
    }
  });
});
