import { describe, expect, it, vi } from 'vitest';
import { createPipsClient, type PipsClient } from '../client';
import { isPipsApiError } from '../errors/api-error';
import type { FeedEvent } from '../types/events';
import { onHarness } from '../testing/on-harness.test-helper';
import { referenceSetting } from '../testing/reference-setting';

const on = onHarness();

describe('events through the client', () => {
  it('reads the changes after a number, in order, by family, with the fields they wrote', async () => {
    const before = await on.client.events.list({ limit: 1000 });
    const after = before.at(-1)?.sequence ?? 0;
    const setting = await referenceSetting(on.client, 'ev');
    const part = await on.client.parts.create({
      manufacturer_pn: 'EV-1',
      manufacturer_id: setting.manufacturerId,
      parttype_id: setting.parttypeId,
      unit_id: setting.eachId,
      revision: { revision_name: 'A' },
    });
    const events = await on.client.events.list({ after, limit: 1000 });
    expect(events.map((event) => event.sequence)).toEqual(events.map((_, i) => after + 1 + i));
    const created = events.find((event) => event.path === `part/${part.id}`);
    expect(created).toMatchObject({ type: 'part.created', payload: expect.objectContaining({ manufacturer_pn: 'EV-1' }) });
    expect(created!.occurred_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const parts = await on.client.events.list({ after, type: 'part' });
    expect(parts.map((event) => event.type)).toEqual(['part.created']);
  });

  it('answers a bad parameter with the API error', async () => {
    const error = await on.client.events.list({ limit: 0 }).catch((caught: unknown) => caught);
    expect(isPipsApiError(error) && error.status).toBe(400);
  });
});

/** A client on the harness whose requests are counted while they are pending, and whose feed reads are kept (their `after`). */
function watchedClient(): { client: PipsClient; pending: () => number; afters: number[] } {
  let pending = 0;
  const afters: number[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    if (url.pathname.endsWith('/events')) afters.push(Number(url.searchParams.get('after')));
    pending += 1;
    try {
      return await globalThis.fetch(input, init);
    } finally {
      pending -= 1;
    }
  };
  return { client: createPipsClient({ baseUrl: on.harness.url, token: on.harness.token, fetch }), pending: () => pending, afters };
}

/** The last sequence number now (read apart from the watched client). */
const headOf = async () => (await on.client.events.list({ limit: 1000 })).at(-1)?.sequence ?? 0;

describe('following the feed through the client', () => {
  it('yields the events committed after it started, in order, each request resuming after the last event seen', async () => {
    const { client, afters } = watchedClient();
    const start = await headOf();
    const names = ['Follow A', 'Follow B', 'Follow C'];
    const seen: FeedEvent[] = [];
    const reading = (async () => {
      // Two to a request: the third comes from a request resuming after the second.
      for await (const event of client.events.follow({ after: start, type: 'manufacturer', limit: 2 })) {
        seen.push(event);
        if (seen.length === names.length) break;
      }
    })();
    // Committed once the follow is reading: it waits for them.
    await vi.waitFor(() => expect(afters.length).toBeGreaterThan(0));
    const made = [];
    for (const name of names) made.push(await client.manufacturers.create({ name }));
    await reading;
    expect(seen.map((event) => [event.type, event.path])).toEqual(made.map((maker) => ['manufacturer.created', `manufacturer/${maker.id}`]));
    expect(seen.map((event) => event.payload.name)).toEqual(names);
    const sequences = seen.map((event) => event.sequence);
    expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);
    expect(sequences[0]).toBeGreaterThan(start);
    // Three events, two to a request: more than one request, each after the first asking for what
    // came after the last event yielded before it (an empty answer asks again from the same place).
    expect(afters[0]).toBe(start);
    expect(afters.length).toBeGreaterThan(1);
    expect(afters.slice(1).filter((after) => after !== start).length).toBeGreaterThan(0);
    for (const after of afters.slice(1)) expect([start, ...sequences.slice(0, -1)]).toContain(after);
  });

  it('stops when the signal fires, with the aborted error, leaving no request pending', async () => {
    const { client, pending } = watchedClient();
    const controller = new AbortController();
    // Nothing comes after a number far ahead: the follow's request waits (up to 30 s) until aborted.
    const reading = (async () => {
      for await (const event of client.events.follow({ after: (await headOf()) + 1_000_000 }, { signal: controller.signal })) void event;
    })().catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(pending()).toBe(1));
    controller.abort();
    const error = await reading;
    expect(isPipsApiError(error) && error.code).toBe('aborted');
    expect(pending()).toBe(0);
  });

  it('stops when the caller breaks, leaving no request pending', async () => {
    const { client, pending } = watchedClient();
    const start = await headOf();
    await client.manufacturers.create({ name: 'Follow break' });
    for await (const event of client.events.follow({ after: start, type: 'manufacturer' })) {
      expect(event.type).toBe('manufacturer.created');
      break;
    }
    expect(pending()).toBe(0);
  });
});
