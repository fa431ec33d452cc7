import type { NewRow } from '../../ports';
import type { Quote } from '../../records';
import type { Site } from '../../site';
import type { EventSource } from '../../events';
import { planRemoval } from '../../removal';
import { insertRow, writePlan, type DeleteStep, type InsertStep, type WritePlan } from '../../write-plan';
import { quoteRemoved } from './quote-events';
import type { QuoteInput } from './quote-input';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The quote row to write: the site currency when none is named, and `expires_on` `valid_for`
 * days (of 24 hours) after `now`; without `valid_for` the quote does not expire.
 */
export function planQuote(input: QuoteInput, site: Site, now: Date): NewRow<Quote> {
  const { currency_id, ...fields } = input;
  const expires_on = input.valid_for === null ? null : new Date(now.getTime() + input.valid_for * DAY_MS);
  return { ...fields, currency: currency_id ?? site.currency, expires_on, created_at: now, updated_at: now };
}

/** An add's write: the one quote row (named, so its event's path has its id). */
export function planAddQuote(row: NewRow<Quote>): { plan: WritePlan; quote: InsertStep<'quote'> } {
  const quote = insertRow('quote', row, 'quote');
  return { plan: writePlan([quote]), quote };
}

/** A remove's write: `quote` (read locked) deleted, and its event. */
export function planRemoveQuote(quote: Quote, source: EventSource): { plan: WritePlan; quote: DeleteStep<'quote'> } {
  const { plan, removed } = planRemoval('quote', quote, quoteRemoved(source, quote));
  return { plan, quote: removed };
}
