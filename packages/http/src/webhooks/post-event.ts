import { XML_DECLARATION } from '@pips/xml';
import { compileElement } from '@pips/xml/forms';
import type { EventView } from '@pips/domain';
import { XML_CONTENT_TYPE } from '../reply';
import { eventForm } from '../representations/event';
import type { TimeFormat } from '../time-format';
import { signDelivery } from './sign-delivery';

const eventElement = compileElement('event', eventForm);

/** How a post went: taken (2xx), failed with a reason of a few words, or cut short by the server stopping. */
export type PostOutcome = { readonly taken: true } | { readonly taken: false; readonly error: string } | { readonly stopped: true; readonly taken: false };

export interface PostTarget {
  readonly url: string;
  readonly secret: string;
}

export interface PostSettings {
  readonly fetch: typeof fetch;
  readonly time: TimeFormat;
  readonly timeoutMs: number;
  readonly now: () => Date;
}

/** Why a post failed, without the URL (it may hold a credential) or anything the subscriber sent. */
function reason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (typeof code === 'string') return `network error (${code})`;
  return 'network error';
}

/**
 * Posts one event, as the feed shows it, signed. A redirect is not followed (it counts as a
 * failure): the subscriber's URL is the one that was added.
 */
export async function postEvent(settings: PostSettings, target: PostTarget, event: EventView, stop: AbortSignal): Promise<PostOutcome> {
  const body = XML_DECLARATION + eventElement.write(event, settings.time);
  const id = String(event.sequence);
  const timestamp = Math.floor(settings.now().getTime() / 1000);
  const headers = {
    'Content-Type': XML_CONTENT_TYPE,
    'User-Agent': 'PIPS-Webhooks/2',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signDelivery(target.secret, id, timestamp, body),
  };
  try {
    const response = await settings.fetch(target.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([stop, AbortSignal.timeout(settings.timeoutMs)]),
    });
    // The answer's body is of no use: dropped so the connection is freed.
    await response.body?.cancel().catch(() => undefined);
    return response.status >= 200 && response.status < 300 ? { taken: true } : { taken: false, error: `HTTP ${response.status}` };
  } catch (error) {
    if (stop.aborted) return { stopped: true, taken: false };
    return { taken: false, error: reason(error) };
  }
}
