import { describe, expect, it } from 'vitest';
import { parseQuote } from './quote-input';

const valid = { part_id: '1', vendor_id: '2', price: '0.25' };

describe('parseQuote', () => {
  it('reads the typed quote, the currency in capitals', () => {
    expect(parseQuote({ ...valid, currency_id: 'eur', quantity_min: '100', valid_for: '30', leadtime: '0' })).toMatchObject({
      part_id: 1,
      vendor_id: 2,
      price: '0.25',
      quantity_min: '100.0',
      currency_id: 'EUR',
      valid_for: 30,
      leadtime: 0,
      unit_id: null,
    });
  });

  it('names every bad field at once', () => {
    expect(() =>
      parseQuote({ price: '-1', currency_id: 'ZZZ', leadtime: '-2', valid_for: '0', quantity_mult: '0' }),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid',
        messages: [
          "Part can't be blank",
          "Vendor can't be blank",
          'Price must be greater than or equal to 0',
          'Quantity mult must be greater than 0',
          'Currency is not a known ISO 4217 currency code',
          'Leadtime must be greater than or equal to 0',
          'Valid for must be greater than 0',
        ],
      }),
    );
  });
});
