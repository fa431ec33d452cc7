import { randomUUID } from 'node:crypto';
import {
  claimWebhook,
  dueWebhooks,
  givesUp,
  numberEvents,
  pendingEvents,
  recordDelivered,
  recordFailed,
  releaseWebhook,
  type Clock,
  type Store,
  type WebhookRow,
} from '@pips/domain';
import type { Logger } from '../app-state';
import type { CommitSignal } from '../commit-signal';
import type { TimeFormat } from '../time-format';
import { deliveryOutage } from './delivery-outage';
import { postEvent, type PostSettings } from './post-event';

export interface WebhookDeliveryOptions {
  readonly store: Store;
  readonly clock: Clock;
  /** Timestamps in the posted events are written in it, as the feed writes them. */
  readonly time: TimeFormat;
  readonly logger: Logger;
  /** This process's commits: while a subscriber is due, each one starts a round at once. */
  readonly commits?: CommitSignal;
  /** Rounds when nothing wakes them (another process's commits, retries coming due); default 1 s. */
  readonly pollMs?: number;
  /** How long a subscriber has to answer a post; default 10 s. */
  readonly timeoutMs?: number;
  /** Events read at a time for one subscriber; default 100. */
  readonly batch?: number;
  /** Each post's outcome, for `/metrics`. */
  readonly counted?: (outcome: 'delivered' | 'failed') => void;
  readonly fetch?: typeof fetch;
  /** The event numbering pass, shared with the feed's readers; default one of its own on `store`. */
  readonly numberEvents?: () => Promise<unknown>;
}

export interface WebhookDelivery {
  /** Stops: a post in flight is abandoned (its event is posted again later) and each lease given back. */
  stop(): Promise<void>;
}

/** The least time between two rounds a commit wakes: a busy server's commits share rounds. */
const MIN_ROUND_GAP_MS = 100;

/** A subscriber whose mark lags the newest event by this much has it moved even with nothing to post. */
const SKIP_AHEAD = 1000;

/**
 * Posts the outbox's events to each subscriber, in order, at least once (docs/decisions.md,
 * "Webhooks"). Runs beside the requests and never in one: each step is a short transaction of its
 * own, a post holds none, and subscribers are delivered to side by side. A process delivers to a
 * subscriber under a lease, so across processes on one database one at a time does.
 */
export function startWebhookDelivery(options: WebhookDeliveryOptions): WebhookDelivery {
  const { store, clock, logger } = options;
  const deps = { store, clock };
  const pollMs = options.pollMs ?? 1000;
  const batch = options.batch ?? 100;
  const lease = randomUUID();
  const stop = new AbortController();
  const post: PostSettings = { fetch: options.fetch ?? fetch, time: options.time, timeoutMs: options.timeoutMs ?? 10_000, now: () => clock.now() };

  async function deliverTo(row: WebhookRow): Promise<void> {
    let current = row;
    let claimed = false;
    const claim = { id: row.id, lease };
    for (;;) {
      const page = await pendingEvents(deps, current, batch);
      if (page.events.length === 0 && (page.through === null || (!claimed && page.through - current.delivered_through < SKIP_AHEAD))) {
        if (claimed) await releaseWebhook(deps, claim, null);
        return;
      }
      if (!claimed) {
        if (!(await claimWebhook(deps, current, lease))) return;
        claimed = true;
      }
      for (const event of page.events) {
        const outcome = await postEvent(post, current, event, stop.signal);
        if ('stopped' in outcome) {
          await releaseWebhook(deps, claim, null);
          return;
        }
        if (!outcome.taken) {
          options.counted?.('failed');
          const line = { webhook: row.id, sequence: event.sequence, error: outcome.error, attempts: current.attempts + 1 };
          if (givesUp(current, clock.now())) logger.error(line, 'webhook marked failing after a day of failed deliveries; `pips webhook resume` delivers again');
          else logger.warn(line, 'webhook delivery failed');
          await recordFailed(deps, current, claim, outcome.error);
          return;
        }
        options.counted?.('delivered');
        if (!(await recordDelivered(deps, claim, event.sequence))) return;
        current = { ...current, delivered_through: event.sequence, attempts: 0, failing_since: null };
      }
      if (page.through !== null) {
        await releaseWebhook(deps, claim, page.through);
        return;
      }
    }
  }

  const outage = deliveryOutage(logger);

  // Each subscriber's delivery runs on its own, so a slow one never holds up another's.
  const delivering = new Map<number, Promise<void>>();

  /**
   * One round: the events committed so far numbered, then a delivery started for every due
   * subscriber not being delivered to already. Answers whether any subscriber is due or being
   * delivered to (a commit then starts the next round at once).
   */
  async function round(): Promise<boolean> {
    const due = (await dueWebhooks(deps)).filter((row) => !delivering.has(row.id));
    if (due.length === 0) return delivering.size > 0;
    await (options.numberEvents ?? (() => numberEvents(store)))();
    for (const row of due) {
      const delivery = deliverTo(row)
        .catch((error: unknown) => {
          if (!stop.signal.aborted) outage.failed(error, { webhook: row.id });
        })
        .finally(() => delivering.delete(row.id));
      delivering.set(row.id, delivery);
    }
    return true;
  }

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        stop.signal.removeEventListener('abort', done);
        resolve();
      }
      stop.signal.addEventListener('abort', done, { once: true });
    });

  const running = (async () => {
    while (!stop.signal.aborted) {
      const started = Date.now();
      const seen = options.commits?.count() ?? 0;
      let busy = false;
      try {
        busy = await round();
        outage.ended();
      } catch (error) {
        if (!stop.signal.aborted) outage.failed(error, {});
      }
      if (stop.signal.aborted) break;
      // With no subscriber due, this process's commits need not wake it: a round a poll.
      if (busy && options.commits) {
        await options.commits.next(seen, pollMs, stop.signal);
        const gap = MIN_ROUND_GAP_MS - (Date.now() - started);
        if (gap > 0 && !stop.signal.aborted) await wait(gap);
      } else {
        await wait(pollMs);
      }
    }
  })();

  return {
    async stop() {
      stop.abort();
      await running;
      await Promise.all(delivering.values());
    },
  };
}
