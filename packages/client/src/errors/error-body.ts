import { parseXml, type ParamValue, type ParseLimits } from '@pips/xml';
import type { ItemError } from './api-error';

export interface ErrorBody {
  readonly messages: readonly string[];
  readonly items: readonly ItemError[];
  readonly requestId: string | null;
}

const NOTHING: ErrorBody = { messages: [], items: [], requestId: null };

const isHash = (value: ParamValue | undefined): value is Record<string, ParamValue> =>
  value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);

/** One element or many: a list with `type="array"` is an array, a single unwrapped child is not. */
const asList = (value: ParamValue | undefined): ParamValue[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

const texts = (value: ParamValue | undefined): string[] => asList(value).filter((v): v is string => typeof v === 'string');

/** `<subpart><number>2</number><errors type="array"><error>…`: one failing item. */
function itemOf(value: ParamValue): ItemError | null {
  if (!isHash(value) || typeof value.number !== 'string' || !/^\d+$/.test(value.number)) return null;
  return { number: Number(value.number), messages: texts(value.errors) };
}

/**
 * Reads an error body in each of the shapes PIPS writes: `<errors type="array"><error>…` (field
 * and state errors), `<error><message>…</message></error>` (with `<request_id>` on a 500), and SPEC
 * 7's per-item list (`<subparts type="array"><subpart><number>…<errors>…`). A body that is none of
 * them (empty, not XML, from a proxy) gives no messages rather than a second error.
 */
export function readErrorBody(text: string, limits: ParseLimits): ErrorBody {
  if (text.trim() === '') return NOTHING;
  let parsed: Record<string, ParamValue>;
  try {
    parsed = parseXml(text, limits);
  } catch {
    return NOTHING;
  }
  const [root, value] = Object.entries(parsed)[0] ?? [];
  if (root === 'errors') return { ...NOTHING, messages: texts(isHash(value) ? value.error : value) };
  if (root === 'error') {
    if (typeof value === 'string') return { ...NOTHING, messages: [value] };
    if (!isHash(value)) return NOTHING;
    return { ...NOTHING, messages: texts(value.message), requestId: typeof value.request_id === 'string' ? value.request_id : null };
  }
  const items = asList(Array.isArray(value) ? value : isHash(value) ? Object.values(value)[0] : undefined)
    .map(itemOf)
    .filter((item): item is ItemError => item !== null);
  return { ...NOTHING, items, messages: items.flatMap((item) => item.messages) };
}

/** `Retry-After` in seconds: delay-seconds as written, an HTTP date as the seconds until it; null when absent or unreadable. */
export function readRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
