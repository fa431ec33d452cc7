import { addWebhook, eventStep, listWebhooks, parseAddWebhook, writePlan, type Clock, type Store } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { commitSignal, signallingStore } from '../commit-signal';
import { timeFormat } from '../time-format';
import { startSubscriber, until, verifies, type TestSubscriber } from './test-subscriber';
import { startWebhookDelivery, type WebhookDelivery } from './webhook-delivery';

const SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function movableClock() {
  let offset = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offset) };
  return { clock, advance: (ms: number) => (offset += ms) };
}

const running: Array<{ stop(): Promise<void> }> = [];
afterEach(async () => {
  for (const thing of running.splice(0)) await thing.stop();
});

async function commit(store: Store, type: string, id: number): Promise<void> {
  await store.transaction((tx) => tx.write(writePlan([eventStep({ token: 'me', at: new Date() }, type, { collection: 'part', id }, { name: `p${id}` })]), { commit: true }));
}

function deliver(store: Store, clock: Clock, more: { pollMs?: number; counted?: (o: 'delivered' | 'failed') => void; fetch?: typeof fetch } = {}): WebhookDelivery {
  const delivery = startWebhookDelivery({ store, clock, time: timeFormat('UTC'), logger: quiet, pollMs: 20, timeoutMs: 2000, batch: 3, ...more });
  running.push(delivery);
  return delivery;
}

async function subscriber(status?: Parameters<typeof startSubscriber>[0]): Promise<TestSubscriber> {
  const started = await startSubscriber(status);
  running.push(started);
  return started;
}

describe('webhook delivery', () => {
  it('posts each committed event once, in order, signed, to a subscriber of its types', async () => {
    const store = createMemoryStore();
    const { clock } = movableClock();
    const all = await subscriber();
    const parts = await subscriber();
    await commit(store, 'part.created', 1);
    await addWebhook({ store, clock }, parseAddWebhook({ url: all.url, secret: SECRET }));
    await addWebhook({ store, clock }, parseAddWebhook({ url: parts.url, secret: SECRET, types: ['part_revision'] }));
    const counts = { delivered: 0, failed: 0 };
    deliver(store, clock, { counted: (o) => (counts[o] += 1) });
    for (let id = 2; id <= 8; id += 1) await commit(store, id % 2 === 0 ? 'part.updated' : 'part_revision.created', id);
    await until('seven posts', () => all.taken().length === 7 && parts.taken().length === 3);
    expect(all.received.map((post) => post.sequence)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(parts.received.map((post) => [post.sequence, post.type])).toEqual([
      [3, 'part_revision.created'],
      [5, 'part_revision.created'],
      [7, 'part_revision.created'],
    ]);
    for (const post of all.received) {
      expect(post.id).toBe(String(post.sequence));
      expect(verifies(SECRET, post)).toBe(true);
      expect(verifies(`whsec_${Buffer.alloc(32, 8).toString('base64')}`, post)).toBe(false);
      expect(Math.abs(Number(post.timestamp) - Date.now() / 1000)).toBeLessThan(600);
    }
    expect(all.received[0]!.body).toContain('<path>part/2</path>');
    expect(all.received[0]!.body).not.toContain(SECRET);
    expect(counts).toEqual({ delivered: 10, failed: 0 });
    const hooks = await listWebhooks({ store, clock });
    expect(hooks.map((hook) => hook.deliveredThrough)).toEqual([8, 8]);
  });

  it('retries a failing subscriber with backoff from the event it failed, and goes on once it takes them', async () => {
    const store = createMemoryStore();
    const { clock, advance } = movableClock();
    const flaky = await subscriber((n) => (n <= 3 ? 500 : 200));
    await addWebhook({ store, clock }, parseAddWebhook({ url: flaky.url, secret: SECRET }));
    deliver(store, clock);
    for (let id = 1; id <= 4; id += 1) await commit(store, 'part.created', id);
    await until('the first failure', async () => (await listWebhooks({ store, clock }))[0]!.attempts === 1);
    const [failed] = await listWebhooks({ store, clock });
    expect(failed).toMatchObject({ state: 'active', attempts: 1, lastError: 'HTTP 500', deliveredThrough: 0 });
    // Waiting out the backoff: the clock moves past each retry's time.
    for (let attempt = 2; attempt <= 3; attempt += 1) {
      advance(60_000);
      await until(`attempt ${attempt}`, async () => (await listWebhooks({ store, clock }))[0]!.attempts === attempt);
    }
    advance(60_000);
    await until('every event taken', () => flaky.taken().length === 4);
    expect(flaky.received.map((post) => post.sequence)).toEqual([1, 1, 1, 1, 2, 3, 4]);
    expect((await listWebhooks({ store, clock }))[0]).toMatchObject({ attempts: 0, lastError: null, failingSince: null, deliveredThrough: 4 });
  });

  it('counts a subscriber gone as a failure, and delivers what it missed when it comes back', async () => {
    const store = createMemoryStore();
    const { clock, advance } = movableClock();
    const away = await subscriber();
    await addWebhook({ store, clock }, parseAddWebhook({ url: away.url, secret: SECRET }));
    deliver(store, clock);
    await commit(store, 'part.created', 1);
    await until('the first post', () => away.taken().length === 1);
    await away.stop();
    await commit(store, 'part.created', 2);
    await commit(store, 'part.created', 3);
    await until('a refused connection', async () => (await listWebhooks({ store, clock }))[0]!.lastError === 'connection refused');
    await away.restart();
    advance(60_000);
    await until('the missed events', () => away.taken().length === 3);
    expect(away.taken().map((post) => post.sequence)).toEqual([1, 2, 3]);
  });

  it('wakes at a commit of its own process, and abandons a post in flight when stopped, to post it again later', async () => {
    const base = createMemoryStore();
    const commits = commitSignal();
    const store = signallingStore(base, commits);
    const { clock } = movableClock();
    let hold = true;
    const slow = await subscriber(async () => {
      while (hold) await new Promise((resolve) => setTimeout(resolve, 10));
      return 200;
    });
    await addWebhook({ store: base, clock }, parseAddWebhook({ url: slow.url, secret: SECRET }));
    // A long poll: only the commit signal can start a round in time.
    const first = startWebhookDelivery({ store: base, clock, time: timeFormat('UTC'), logger: quiet, pollMs: 60_000, commits });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await commit(store, 'part.created', 1);
    await until('the post in flight', () => slow.received.length === 1);
    await first.stop();
    expect((await listWebhooks({ store: base, clock }))[0]).toMatchObject({ deliveredThrough: 0, attempts: 0 });
    hold = false;
    deliver(base, clock);
    await until('the post again, taken', async () => (await listWebhooks({ store: base, clock }))[0]!.deliveredThrough === 1);
    expect(slow.received.map((post) => post.sequence)).toEqual([1, 1]);
  });
});

describe('webhook delivery to several subscribers', () => {
  it('goes on delivering to one while another has not answered', async () => {
    const store = createMemoryStore();
    const { clock } = movableClock();
    let hold = true;
    const stuck = await subscriber(async () => {
      while (hold) await new Promise((resolve) => setTimeout(resolve, 10));
      return 200;
    });
    const quick = await subscriber();
    await addWebhook({ store, clock }, parseAddWebhook({ url: stuck.url, secret: SECRET }));
    await addWebhook({ store, clock }, parseAddWebhook({ url: quick.url, secret: SECRET }));
    deliver(store, clock);
    await commit(store, 'part.created', 1);
    await until('the first post to each', () => stuck.received.length === 1 && quick.taken().length === 1);
    await commit(store, 'part.created', 2);
    await commit(store, 'part.created', 3);
    await until('the quick one has every event', () => quick.taken().length === 3);
    expect(stuck.received).toHaveLength(1);
    hold = false;
    await until('the other one too', () => stuck.taken().length === 3);
    expect(stuck.received.map((post) => post.sequence)).toEqual([1, 2, 3]);
  });
});
