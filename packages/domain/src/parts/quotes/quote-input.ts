import { messages } from '../../errors';
import { parseCreate, problems, type Fields } from '../../parse-input';
import { isCurrencyCode } from '../../site';

const atLeastZero = { value: '0', exclusive: false } as const;

/** SPEC 2.12: what `POST <P>/quote` reads, and the other scalars a quote shows. */
export const quoteFields = {
  part_id: { type: 'int', required: true },
  vendor_id: { type: 'int', required: true },
  unit_id: { type: 'int' },
  unit_conversion_id: { type: 'int' },
  /** An ISO 4217 code, any case; the site currency when absent. */
  currency_id: { type: 'string' },
  price: { type: 'decimal', required: true, min: atLeastZero },
  quantity_min: { type: 'decimal', min: atLeastZero },
  quantity_mult: { type: 'decimal', min: { value: '0', exclusive: true } },
  leadtime: { type: 'int' },
  valid_for: { type: 'int' },
  inventory: { type: 'decimal', min: atLeastZero },
  comment: { type: 'text' },
} as const;

export type QuoteInput = Fields<typeof quoteFields>;

/**
 * The parse step: typed input, or a 400 naming every bad field. Besides types: a known currency,
 * a lead time of zero days or more, a validity of at least one day.
 */
export function parseQuote(raw: unknown): QuoteInput {
  const found = problems();
  const input = parseCreate(quoteFields, raw, found);
  const currency = input.currency_id?.trim().toUpperCase();
  if (currency !== undefined && !isCurrencyCode(currency)) found.add(messages.unknownCurrency('currency_id'));
  if (typeof input.leadtime === 'number' && input.leadtime < 0) found.add(messages.greaterOrEqual('leadtime', '0'));
  if (typeof input.valid_for === 'number' && input.valid_for < 1) found.add(messages.greaterThan('valid_for', '0'));
  found.check();
  return { ...input, currency_id: currency ?? null };
}
