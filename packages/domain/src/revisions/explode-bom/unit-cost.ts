import { compareDecimal, divideDecimal, multiplyDecimal, roundDecimal } from '../../decimal';
import type { Part, Quote, UnitConversion } from '../../records';

/** What pricing reads of a part: its use-as unit and its own price. */
export type PricedPart = Pick<Part, 'id' | 'unit_id' | 'inventory_price'>;
/** What pricing reads of a quote. */
export type QuoteOffer = Pick<Quote, 'id' | 'part_id' | 'unit_id' | 'unit_conversion_id' | 'currency' | 'price' | 'expires_on'>;
/** What pricing reads of a unit conversion: one `from_unit_id` is `factor` `to_unit_id`s. */
export type Conversion = Pick<UnitConversion, 'id' | 'from_unit_id' | 'to_unit_id' | 'factor'>;

export const QUOTE_OFFER_COLUMNS = ['id', 'part_id', 'unit_id', 'unit_conversion_id', 'currency', 'price', 'expires_on'] as const;
export const CONVERSION_COLUMNS = ['id', 'from_unit_id', 'to_unit_id', 'factor'] as const;

/** A leaf's cost of one part's unit, and where it came from (the quote's id when from a quote). */
export interface UnitCost {
  readonly cost: string;
  readonly source: 'inventory_price' | 'quote';
  readonly quoteId: number | null;
}

/** The site's currency (the only one costs are added in) and the instant a quote must outlive. */
export interface PricingRules {
  readonly currency: string;
  readonly now: Date;
}

/**
 * The conversions between two units, looked up by id or by their ordered pair: `factor` says how
 * many `to_unit_id`s make one `from_unit_id` (kg → g is 1000), as a unit's show lists them.
 */
export class ConversionTable {
  private readonly byId = new Map<number, Conversion>();
  private readonly byPair = new Map<string, Conversion>();

  constructor(conversions: readonly Conversion[]) {
    for (const conversion of conversions) {
      this.byId.set(conversion.id, conversion);
      this.byPair.set(`${conversion.from_unit_id}>${conversion.to_unit_id}`, conversion);
    }
  }

  /**
   * A price per `from` unit as a price per `to` unit, rounded to the stored scale; null when no
   * conversion links the two. The one `preferred` names is used when it links them (either way),
   * else the conversion from `from` to `to`, else the one from `to` to `from`.
   */
  convertPrice(price: string, from: number, to: number, preferred: number | null): string | null {
    const links = (c: Conversion | undefined): c is Conversion =>
      c !== undefined && ((c.from_unit_id === from && c.to_unit_id === to) || (c.from_unit_id === to && c.to_unit_id === from));
    const named = preferred === null ? undefined : this.byId.get(preferred);
    const conversion = [named, this.byPair.get(`${from}>${to}`), this.byPair.get(`${to}>${from}`)].find(links);
    if (!conversion) return null;
    return conversion.from_unit_id === from
      ? divideDecimal(price, conversion.factor) // one `from` is `factor` `to`s: a `to` costs price ÷ factor
      : roundDecimal(multiplyDecimal(price, conversion.factor)); // one `to` is `factor` `from`s: price × factor
  }
}

/**
 * A quote's price per the part's unit, or null when the quote is left out: in another currency
 * than the site's, expired (`expires_on` at or before `now`), or in a unit no conversion links to
 * the part's. A quote naming no unit, or the part's, is priced in the part's unit.
 */
export function quotePrice(part: PricedPart, quote: QuoteOffer, conversions: ConversionTable, rules: PricingRules): string | null {
  if (quote.currency.toUpperCase() !== rules.currency.toUpperCase()) return null;
  if (quote.expires_on !== null && quote.expires_on.getTime() <= rules.now.getTime()) return null;
  if (quote.unit_id === null || quote.unit_id === part.unit_id) return quote.price;
  return conversions.convertPrice(quote.price, quote.unit_id, part.unit_id, quote.unit_conversion_id);
}

/**
 * A part's unit cost: its `inventory_price` when set (zero included); else the cheapest of its
 * quotes that count (`quotePrice`), the lower id on a tie; else null.
 */
export function unitCost(part: PricedPart, quotes: readonly QuoteOffer[], conversions: ConversionTable, rules: PricingRules): UnitCost | null {
  if (part.inventory_price !== null) return { cost: part.inventory_price, source: 'inventory_price', quoteId: null };
  let best: UnitCost | null = null;
  for (const quote of [...quotes].sort((a, b) => a.id - b.id)) {
    if (quote.part_id !== part.id) continue;
    const price = quotePrice(part, quote, conversions, rules);
    if (price !== null && (best === null || compareDecimal(price, best.cost) < 0)) best = { cost: price, source: 'quote', quoteId: quote.id };
  }
  return best;
}
