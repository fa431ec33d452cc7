import { describe, expect, it } from 'vitest';
import { ConversionTable, quotePrice, unitCost, type Conversion, type PricedPart, type QuoteOffer } from './unit-cost';

const now = new Date('2026-03-01T00:00:00Z');
const rules = { currency: 'USD', now };
const [EACH, REEL, BOX] = [1, 2, 3];
const part: PricedPart = { id: 10, unit_id: EACH, inventory_price: null };

let nextId = 100;
const quote = (fields: Partial<QuoteOffer> = {}): QuoteOffer => ({
  id: nextId++,
  part_id: part.id,
  unit_id: null,
  unit_conversion_id: null,
  currency: 'USD',
  price: '1.0',
  expires_on: null,
  ...fields,
});
const conversion = (id: number, from_unit_id: number, to_unit_id: number, factor: string): Conversion => ({ id, from_unit_id, to_unit_id, factor });
const none = new ConversionTable([]);

describe('ConversionTable.convertPrice', () => {
  // One reel is 5000 each: a reel at 50.0 is 0.01 each.
  const reelToEach = conversion(1, REEL, EACH, '5000');
  // One each is 0.0002 reel, the same relation written the other way.
  const eachToReel = conversion(2, EACH, REEL, '0.0002');

  it('divides by the factor of a conversion from the quote\'s unit to the part\'s', () => {
    expect(new ConversionTable([reelToEach]).convertPrice('50', REEL, EACH, null)).toBe('0.01');
  });

  it('multiplies by the factor of a conversion from the part\'s unit to the quote\'s', () => {
    expect(new ConversionTable([eachToReel]).convertPrice('50', REEL, EACH, null)).toBe('0.01');
  });

  it('rounds half-even to ten fraction digits either way', () => {
    expect(new ConversionTable([conversion(1, REEL, EACH, '3')]).convertPrice('1', REEL, EACH, null)).toBe('0.3333333333');
    expect(new ConversionTable([conversion(1, EACH, REEL, '0.00000000005')]).convertPrice('1', REEL, EACH, null)).toBe('0.0');
    expect(new ConversionTable([conversion(1, EACH, REEL, '0.00000000015')]).convertPrice('1', REEL, EACH, null)).toBe('0.0000000002');
  });

  it('prefers the conversion from the quote\'s unit when both directions exist', () => {
    const disagreeing = conversion(3, EACH, REEL, '1');
    expect(new ConversionTable([disagreeing, reelToEach]).convertPrice('50', REEL, EACH, null)).toBe('0.01');
  });

  it('uses the conversion the quote names when it links the two units, in either direction', () => {
    const disagreeing = conversion(3, EACH, REEL, '0.001');
    const table = new ConversionTable([reelToEach, disagreeing]);
    expect(table.convertPrice('50', REEL, EACH, 3)).toBe('0.05');
    expect(table.convertPrice('50', REEL, EACH, 1)).toBe('0.01');
  });

  it('ignores a named conversion between other units, and answers null when nothing links them', () => {
    const boxToEach = conversion(4, BOX, EACH, '10');
    const table = new ConversionTable([reelToEach, boxToEach]);
    expect(table.convertPrice('50', REEL, EACH, 4)).toBe('0.01');
    expect(table.convertPrice('50', BOX, REEL, null)).toBeNull();
    expect(table.convertPrice('50', BOX, REEL, 4)).toBeNull();
    expect(none.convertPrice('50', REEL, EACH, null)).toBeNull();
  });
});

describe('quotePrice', () => {
  it('takes a quote in the part\'s unit, or naming none, as it is', () => {
    expect(quotePrice(part, quote({ price: '2.5' }), none, rules)).toBe('2.5');
    expect(quotePrice(part, quote({ price: '2.5', unit_id: EACH }), none, rules)).toBe('2.5');
  });

  it('converts a quote in another unit, and leaves it out when no conversion links the units', () => {
    const table = new ConversionTable([conversion(1, REEL, EACH, '4000')]);
    expect(quotePrice(part, quote({ price: '20', unit_id: REEL }), table, rules)).toBe('0.005');
    expect(quotePrice(part, quote({ price: '20', unit_id: BOX }), table, rules)).toBeNull();
  });

  it('leaves out a quote in another currency than the site\'s, comparing codes in any case', () => {
    expect(quotePrice(part, quote({ currency: 'EUR' }), none, rules)).toBeNull();
    expect(quotePrice(part, quote({ currency: 'usd' }), none, rules)).toBe('1.0');
    expect(quotePrice(part, quote({ currency: 'EUR' }), none, { ...rules, currency: 'EUR' })).toBe('1.0');
  });

  it('leaves out a quote that has expired: at its expiry or before now', () => {
    expect(quotePrice(part, quote({ expires_on: new Date(now.getTime() - 1) }), none, rules)).toBeNull();
    expect(quotePrice(part, quote({ expires_on: now }), none, rules)).toBeNull();
    expect(quotePrice(part, quote({ expires_on: new Date(now.getTime() + 1) }), none, rules)).toBe('1.0');
  });
});

describe('unitCost', () => {
  it('is the part\'s inventory price when set, zero included, whatever its quotes', () => {
    const cheap = [quote({ price: '0.001' })];
    expect(unitCost({ ...part, inventory_price: '0.25' }, cheap, none, rules)).toEqual({ cost: '0.25', source: 'inventory_price', quoteId: null });
    expect(unitCost({ ...part, inventory_price: '0.0' }, cheap, none, rules)).toEqual({ cost: '0.0', source: 'inventory_price', quoteId: null });
  });

  it('is otherwise the cheapest quote that counts, compared after conversion', () => {
    const table = new ConversionTable([conversion(1, REEL, EACH, '1000')]);
    const perEach = quote({ price: '0.02' });
    const perReel = quote({ price: '15', unit_id: REEL }); // 0.015 each
    const foreign = quote({ price: '0.001', currency: 'EUR' });
    const expired = quote({ price: '0.001', expires_on: new Date('2026-01-01T00:00:00Z') });
    const stranded = quote({ price: '0.001', unit_id: BOX });
    const otherPart = quote({ price: '0.001', part_id: 11 });
    expect(unitCost(part, [perEach, perReel, foreign, expired, stranded, otherPart], table, rules)).toEqual({
      cost: '0.015',
      source: 'quote',
      quoteId: perReel.id,
    });
  });

  it('takes the lower quote id between equal prices, however written', () => {
    const first = quote({ price: '0.50' });
    const second = quote({ price: '0.5' });
    expect(unitCost(part, [second, first], none, rules)).toMatchObject({ cost: '0.50', quoteId: first.id });
  });

  it('is null with no inventory price and no quote that counts', () => {
    expect(unitCost(part, [], none, rules)).toBeNull();
    expect(unitCost(part, [quote({ currency: 'GBP' }), quote({ unit_id: REEL })], none, rules)).toBeNull();
  });
});
