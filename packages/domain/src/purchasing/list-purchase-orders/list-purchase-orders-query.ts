import { errors, messages } from '../../errors';
import { shownParam, type Input } from '../../fields';
import { parsePageRequest, type PageRequest } from '../../paging';
import { purchaseOrderStatuses, type PurchaseOrderStatus } from '../../tables/purchasing-tables';
import { parseCalendarDay } from '../calendar-day';

/** What a purchase order list asks for (SPEC 4.8): a page or all, a status, a range of days. */
export interface PurchaseOrderQuery {
  readonly page: PageRequest | null;
  readonly status: PurchaseOrderStatus | null;
  /** Both days of the range, YYYY-MM-DD, each included; null for no range. */
  readonly days: { readonly start: string; readonly end: string } | null;
}

/** A parameter's text; a list or a hash (`status[]=…`) is no text and counts as invalid. */
function textOf(raw: unknown): string | null | undefined {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') return undefined;
  return raw.trim() === '' ? null : raw.trim();
}

function parseStatus(raw: unknown): PurchaseOrderStatus | null {
  const text = textOf(raw);
  if (text === null) return null;
  if (text !== undefined && (purchaseOrderStatuses as readonly string[]).includes(text)) return text as PurchaseOrderStatus;
  throw errors.badRequest(messages.badPurchaseOrderStatus(text ?? shownParam(raw)));
}

/**
 * `start_date`/`end_date` come as a pair: one without the other is a 400 naming the missing
 * one; then the end, then the start, must be real days; then the start may not come after the end.
 */
function parseDays(rawStart: unknown, rawEnd: unknown): PurchaseOrderQuery['days'] {
  const start = textOf(rawStart);
  const end = textOf(rawEnd);
  if (start === null && end === null) return null;
  if (end === null) throw errors.badRequest(messages.missingEndDate());
  if (start === null) throw errors.badRequest(messages.missingStartDate());
  const endDay = end === undefined ? null : parseCalendarDay(end);
  if (endDay === null) throw errors.badRequest(messages.badEndDate());
  const startDay = start === undefined ? null : parseCalendarDay(start);
  if (startDay === null) throw errors.badRequest(messages.badStartDate());
  if (startDay > endDay) throw errors.badRequest(messages.startAfterEnd());
  return { start: startDay, end: endDay };
}

/** The parse step of `GET <P>/purchase_orders`. */
export function parsePurchaseOrderQuery(query: Input): PurchaseOrderQuery {
  return { status: parseStatus(query.status), days: parseDays(query.start_date, query.end_date), page: parsePageRequest(query) };
}
