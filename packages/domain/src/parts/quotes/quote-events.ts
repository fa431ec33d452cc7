import { eventSource, eventStep, stepEvent, type EventSource } from '../../events';
import type { Context } from '../../context';
import type { Quote } from '../../records';
import type { InsertStep } from '../../write-plan';

/** Where a part's quotes live in an event's path (`part/12/quote/5`). */
const quoteCollection = (partId: number): string => `part/${partId}/quote`;

/** `quote.added`: the quote's fields, its id (drawn by the plan) in the path. */
export const quoteAdded = (ctx: Pick<Context, 'actor' | 'clock'>, quote: InsertStep<'quote'>): InsertStep<'event'> =>
  stepEvent(eventSource(ctx), 'quote.added', quoteCollection(quote.values.part_id as number), quote);

/** `quote.removed`: whose price it was, for a reader that no longer finds it. */
export const quoteRemoved = (source: EventSource, quote: Pick<Quote, 'id' | 'part_id' | 'vendor_id' | 'price' | 'currency'>): InsertStep<'event'> =>
  eventStep(source, 'quote.removed', { collection: quoteCollection(quote.part_id), id: quote.id }, { vendor_id: quote.vendor_id, price: quote.price, currency: quote.currency });
