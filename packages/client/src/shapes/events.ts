import { DecodeError, int, isoTimestamp, nullableText, record, text, type Decoder } from '../codec/decoders';
import type { FeedEvent } from '../types/events';

/** The fields a change wrote: elements named by the data, each text or empty. */
const payload: Decoder<FeedEvent['payload']> = (value, at) => {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new DecodeError(at, 'elements', value);
  return Object.fromEntries(Object.entries(value).map(([name, raw]) => [name, nullableText(raw, `${at}.${name}`) ?? null]));
};

export const feedEvent = record<FeedEvent>({ sequence: int, type: text, occurred_at: isoTimestamp, token: text, path: text, payload });
