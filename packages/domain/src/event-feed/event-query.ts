import { errors, messages } from '../errors';
import type { Input } from '../fields';
import { MAX_RECORD_ID } from '../record-id';

/** What a feed page asks for: the events after `after`, `limit` at most, of one type or family. */
export interface EventQuery {
  readonly after: number;
  readonly limit: number;
  /** `inventory_unit.split` (that type) or `inventory_unit` (every `inventory_unit.…`); null for all. */
  readonly type: string | null;
  /** Seconds to wait for an event when none is there yet (long poll); 0 answers at once. */
  readonly wait: number;
}

/** The condition on `event.type` for one type (`inventory_unit.split`) or a family (`inventory_unit`: every `inventory_unit.…`). */
export const typeCondition = (type: string): string | { $startsWith: string } => (type.includes('.') ? type : { $startsWith: `${type}.` });

export const DEFAULT_EVENT_LIMIT = 100;
export const MAX_EVENT_LIMIT = 1000;
export const MAX_EVENT_WAIT = 30;

/** A whole number between `min` and `max`; `fallback` when blank; a 400 naming the parameter otherwise. */
function wholeNumber(query: Input, name: string, min: number, max: number, fallback: number): number {
  const raw = query[name];
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return fallback;
  const text = typeof raw === 'string' ? raw.trim() : '';
  const value = /^\+?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) throw errors.badRequest(messages.badEventParameter(name, min, max));
  return value;
}

/** The feed's query: `after` (0), `limit` (100, at most 1000), `type`, `wait` (0, at most 30 seconds). */
export function parseEventQuery(query: Input): EventQuery {
  const type = typeof query.type === 'string' && query.type.trim() !== '' ? query.type.trim() : null;
  return {
    after: wholeNumber(query, 'after', 0, MAX_RECORD_ID, 0),
    limit: wholeNumber(query, 'limit', 1, MAX_EVENT_LIMIT, DEFAULT_EVENT_LIMIT),
    type,
    wait: wholeNumber(query, 'wait', 0, MAX_EVENT_WAIT, 0),
  };
}
