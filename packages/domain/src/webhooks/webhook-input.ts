import { errors, messages } from '../errors';
import { MAX_RECORD_ID } from '../record-id';
import { isWebhookSecret, newWebhookSecret } from './webhook-secret';

/** What `webhook add` asks for. */
export interface AddWebhookRequest {
  readonly url: string;
  /** Event types (`inventory_unit.split`) or families (`inventory_unit`); none for every event. */
  readonly types?: readonly string[];
  /** `whsec_` and the base64 of 24 to 64 bytes; made when not given. */
  readonly secret?: string;
  /** Deliver the events after this feed position; default the newest event when it is added. */
  readonly after?: number;
}

export interface AddWebhookInput {
  readonly url: string;
  /** Sorted, distinct; empty for every event. */
  readonly types: readonly string[];
  readonly secret: string;
  readonly after: number | null;
}

const TYPE = /^[a-z][a-z_]*(\.[a-z][a-z_]*)?$/;

/** An absolute http(s) URL with no credentials in it (they would be shown by `webhook list`). */
function parseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw errors.badRequest(messages.badWebhookUrl());
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || url.hash !== '') {
    throw errors.badRequest(messages.badWebhookUrl());
  }
  return url.href;
}

/** The parse step: each field checked, 400 naming what is wrong; a secret made when none is given. */
export function parseAddWebhook(request: AddWebhookRequest): AddWebhookInput {
  const url = parseUrl(request.url);
  const types = [...new Set((request.types ?? []).map((type) => type.trim()))].sort();
  for (const type of types) if (!TYPE.test(type)) throw errors.badRequest(messages.badWebhookType(type));
  const secret = request.secret ?? newWebhookSecret();
  if (!isWebhookSecret(secret)) throw errors.badRequest(messages.badWebhookSecret());
  const after = request.after ?? null;
  if (after !== null && !(Number.isSafeInteger(after) && after >= 0 && after <= MAX_RECORD_ID)) {
    throw errors.badRequest(messages.badEventParameter('after', 0, MAX_RECORD_ID));
  }
  return { url, types, secret, after };
}

/** Whether an event of `type` goes to a webhook of `types` (empty: every event). */
export function webhookWants(types: readonly string[], type: string): boolean {
  return types.length === 0 || types.some((wanted) => wanted === type || type.startsWith(`${wanted}.`));
}

/** The column's form of `types` and back. */
export const typesColumn = (types: readonly string[]): string | null => (types.length === 0 ? null : types.join(' '));
export const typesOf = (column: string | null): string[] => (column === null ? [] : column.split(' '));
