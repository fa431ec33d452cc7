import { describe, expect, it } from 'vitest';
import { isCurrencyCode } from './site';

describe('isCurrencyCode', () => {
  it('knows ISO 4217 codes in capitals only', () => {
    for (const code of ['USD', 'EUR', 'JPY', 'CHF']) expect(isCurrencyCode(code), code).toBe(true);
    for (const code of ['usd', 'XYZ', 'US', 'USDD', '']) expect(isCurrencyCode(code), code).toBe(false);
  });
});
