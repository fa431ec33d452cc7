import { describe, expect, it } from 'vitest';
import { eventStep } from '../events';
import { numberEvents } from '../event-feed/list-events';
import { isPipsError } from '../errors';
import { createFakeStore } from '../fake/fake-store';
import type { Clock, Store } from '../ports';
import { writePlan } from '../write-plan';
import { addWebhook } from './add-webhook';
import { planDelivered, planFailed } from './delivery-plans';
import { GIVE_UP_AFTER_MS, LEASE_MS, MAX_RETRY_MS, retryDelayMs } from './delivery-schedule';
import { countWebhooks, listWebhooks, removeWebhook, resumeWebhook } from './manage-webhooks';
import { claimWebhook, dueWebhooks, pendingEvents, recordDelivered, recordFailed, releaseWebhook } from './webhook-delivery';
import { parseAddWebhook, webhookWants } from './webhook-input';
import { isWebhookSecret, newWebhookSecret, webhookKey } from './webhook-secret';

function movableClock(start = '2026-01-01T00:00:00Z') {
  let now = new Date(start).getTime();
  const clock: Clock = { now: () => new Date(now) };
  return { clock, advance: (ms: number) => (now += ms) };
}

/** `whsec_` and the base64 of `n` bytes of 7. */
const secretOf = (n: number) => `whsec_${btoa(String.fromCharCode(...new Uint8Array(n).fill(7)))}`;
const SECRET = secretOf(32);

async function refusal(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (isPipsError(error)) return `${error.code}: ${error.messages.join('; ')}`;
    throw error;
  }
  return 'none';
}

/** Commits one event of `type` and numbers it, as the feed would. */
async function commitEvent(store: Store, type: string, at = new Date(0)): Promise<void> {
  await store.transaction((tx) => tx.write(writePlan([eventStep({ token: 'me', at }, type, { collection: 'part', id: 1 }, { n: 1 })]), { commit: true }));
  await numberEvents(store);
}

describe('webhook input', () => {
  it('takes an http(s) URL, types and families, a Standard Webhooks secret, and makes a secret when none is given', () => {
    const input = parseAddWebhook({ url: ' https://hooks.example.com/pips ', types: ['part', 'inventory_unit.split', 'part'] });
    expect(input).toMatchObject({ url: 'https://hooks.example.com/pips', types: ['inventory_unit.split', 'part'], after: null });
    expect(isWebhookSecret(input.secret)).toBe(true);
    expect(webhookKey(input.secret)).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(newWebhookSecret());
    expect(parseAddWebhook({ url: 'http://127.0.0.1:9/x', secret: SECRET, after: 12 })).toMatchObject({ secret: SECRET, after: 12, types: [] });
  });

  it('refuses a URL that is not http(s), holds a credential or a fragment, without repeating it', async () => {
    for (const url of ['ftp://example.com/', 'https://user:pw@example.com/', 'https://example.com/#x', 'not a url', '/relative']) {
      const said = await refusal(() => parseAddWebhook({ url }));
      expect(said).toMatch(/^bad_request: A webhook URL must be an absolute http or https URL/);
      expect(said).not.toContain('pw');
    }
  });

  it('refuses a bad type, a secret of the wrong form or size, and a negative start', async () => {
    expect(await refusal(() => parseAddWebhook({ url: 'https://x.example/', types: ['Part!'] }))).toContain("Invalid event type 'Part!'");
    for (const secret of ['s3cret', 'whsec_', secretOf(16), secretOf(65), 'whsec_!!!!']) {
      expect(await refusal(() => parseAddWebhook({ url: 'https://x.example/', secret }))).toContain('A webhook secret must be whsec_');
    }
    expect(await refusal(() => parseAddWebhook({ url: 'https://x.example/', after: -1 }))).toContain('parameter after');
  });

  it('matches a type by itself or by its family', () => {
    expect(webhookWants([], 'part.created')).toBe(true);
    expect(webhookWants(['part'], 'part.created')).toBe(true);
    expect(webhookWants(['part'], 'part_revision.created')).toBe(false);
    expect(webhookWants(['inventory_unit.split'], 'inventory_unit.moved')).toBe(false);
  });
});

describe('retry schedule', () => {
  it('doubles from a second to an hour, and retries for a day before giving up', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(13)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(1000)).toBe(MAX_RETRY_MS);
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < GIVE_UP_AFTER_MS) elapsed += retryDelayMs(++attempts);
    expect(attempts).toBeGreaterThan(30);
  });
});

describe('webhooks', () => {
  it('starts after the newest event, lists without the secret, and removes', async () => {
    const store = createFakeStore();
    const { clock } = movableClock();
    await commitEvent(store, 'part.created');
    await store.transaction((tx) => tx.write(writePlan([eventStep({ token: 'me', at: new Date(0) }, 'part.updated', { collection: 'part', id: 1 }, {})]), { commit: true }));
    const hook = await addWebhook({ store, clock }, parseAddWebhook({ url: 'https://x.example/', secret: SECRET }));
    // The unnumbered event was committed before the webhook: numbered first, it is not the webhook's.
    expect(hook.deliveredThrough).toBe(2);
    const listed = await listWebhooks({ store, clock });
    expect(listed).toEqual([hook]);
    expect(JSON.stringify(listed)).not.toContain(SECRET);
    expect(await countWebhooks({ store })).toEqual({ active: 1, failing: 0 });
    await removeWebhook({ store, clock }, hook.id);
    expect(await listWebhooks({ store, clock })).toEqual([]);
    expect(await refusal(() => removeWebhook({ store, clock }, hook.id))).toBe(`not_found: Couldn't find Webhook with 'id'=${hook.id}`);
  });

  it('gives the wanted events in order, past the mark, and the mark past unwanted ones', async () => {
    const store = createFakeStore();
    const { clock } = movableClock();
    const deps = { store, clock };
    const hook = await addWebhook(deps, parseAddWebhook({ url: 'https://x.example/', types: ['inventory_unit'], secret: SECRET }));
    for (const type of ['part.created', 'inventory_unit.created', 'part.updated', 'inventory_unit.split', 'part.deleted']) await commitEvent(store, type);
    const [row] = await dueWebhooks(deps);
    const page = await pendingEvents(deps, row!, 10);
    expect(page.events.map((event) => [event.sequence, event.type])).toEqual([
      [2, 'inventory_unit.created'],
      [4, 'inventory_unit.split'],
    ]);
    expect(page.through).toBe(5);
    const full = await pendingEvents(deps, row!, 1);
    expect(full.events.map((event) => event.sequence)).toEqual([2]);
    expect(full.through).toBeNull();
    expect(hook.deliveredThrough).toBe(0);
  });

  it('lets one claim win, renews it with each delivery, and releases it past the unwanted events', async () => {
    const store = createFakeStore();
    const { clock, advance } = movableClock();
    const deps = { store, clock };
    await addWebhook(deps, parseAddWebhook({ url: 'https://x.example/', secret: SECRET }));
    const [row] = await dueWebhooks(deps);
    const claim = await claimWebhook(deps, row!, 'a');
    expect(claim).toEqual({ id: row!.id, lease: 'a' });
    expect(await claimWebhook(deps, row!, 'b')).toBeNull();
    expect(await dueWebhooks(deps)).toEqual([]);
    expect(await recordDelivered(deps, claim!, 7)).toBe(true);
    // A lease not renewed lapses: another process may take the subscriber, and the first one's next step is refused.
    advance(LEASE_MS + 1);
    const [lapsed] = await dueWebhooks(deps);
    const taken = await claimWebhook(deps, lapsed!, 'b');
    expect(taken).not.toBeNull();
    expect(await recordDelivered(deps, claim!, 8)).toBe(false);
    expect(await releaseWebhook(deps, taken!, 9)).toBe(true);
    const [after] = await listWebhooks(deps);
    expect(after).toMatchObject({ deliveredThrough: 9, attempts: 0 });
  });

  it('backs off after failures, marks the subscriber failing after a day, and resumes it from the same event', async () => {
    const store = createFakeStore();
    const { clock, advance } = movableClock();
    const deps = { store, clock };
    const hook = await addWebhook(deps, parseAddWebhook({ url: 'https://x.example/', secret: SECRET }));
    const fail = async (error: string) => {
      const [row] = await dueWebhooks(deps);
      const claim = await claimWebhook(deps, row!, `lease-${clock.now().getTime()}`);
      const [claimed] = await store.read((tx) => tx.repo('webhook').find());
      expect(await recordFailed(deps, claimed!, claim!, error)).toBe(true);
      return (await listWebhooks(deps))[0]!;
    };
    const first = await fail('HTTP 500');
    expect(first).toMatchObject({ state: 'active', attempts: 1, lastError: 'HTTP 500', deliveredThrough: hook.deliveredThrough });
    expect(first.nextAttemptAt.getTime() - clock.now().getTime()).toBe(1000);
    expect(await dueWebhooks(deps)).toEqual([]);
    advance(1000);
    expect((await fail('connection refused')).attempts).toBe(2);
    advance(GIVE_UP_AFTER_MS);
    const given = await fail('timeout');
    expect(given).toMatchObject({ state: 'failing', attempts: 3 });
    expect(await countWebhooks({ store })).toEqual({ active: 0, failing: 1 });
    advance(MAX_RETRY_MS * 2);
    expect(await dueWebhooks(deps)).toEqual([]);
    const resumed = await resumeWebhook(deps, hook.id);
    expect(resumed).toMatchObject({ state: 'active', attempts: 0, failingSince: null, deliveredThrough: hook.deliveredThrough });
    expect(await dueWebhooks(deps)).toHaveLength(1);
    expect(await refusal(() => resumeWebhook(deps, 999))).toContain("Couldn't find Webhook with 'id'=999");
  });

  it('plans each step as one guarded update of the subscriber', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const claim = { id: 3, lease: 'L' };
    expect(planDelivered(claim, 41, now).steps).toEqual([
      {
        kind: 'update',
        table: 'webhook',
        id: 3,
        patch: { delivered_through: 41, attempts: 0, failing_since: null, last_error: null, last_delivered_at: now, leased_until: new Date(now.getTime() + LEASE_MS) },
        expected: { lease: 'L' },
      },
    ]);
    const row = { attempts: 2, failing_since: new Date(now.getTime() - 5000) } as Parameters<typeof planFailed>[0];
    const [step] = planFailed(row, claim, 'x'.repeat(400), now).steps;
    expect(step).toMatchObject({ patch: { attempts: 3, state: 'active', lease: null, next_attempt_at: new Date(now.getTime() + 4000) }, expected: { lease: 'L' } });
    expect((step as unknown as { patch: { last_error: string } }).patch.last_error).toHaveLength(255);
  });
});
