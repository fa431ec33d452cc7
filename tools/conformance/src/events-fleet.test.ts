import { expect, it } from 'vitest';
import { get, unique, type Endpoint } from './client';
import { expectList } from './expect-xml';
import { create } from './fixtures';
import { describeOnPostgresFleet } from './postgres-fleet-suite';

// Writers on two server processes at once, and a follower on each: the feed every follower reads
// is the same gap-free sequence, in order, with no number appearing later below one already read.

const WRITERS_PER_PROCESS = 3;
const WRITES_EACH = 15;

const sequencesOf = async (endpoint: Endpoint, after: number, wait: number): Promise<number[]> =>
  expectList(await get(endpoint, '/events', { query: `after=${after}&limit=7&wait=${wait}` }), 'events', 'event', ['sequence', 'type', 'occurred_at', 'token', 'path', 'payload']).map((event) => Number(event.sequence));

/** Reads the feed as a follower does, page after page, until it has `until`; every page must go on from the last number read. */
async function followTo(endpoint: Endpoint, from: number, until: () => number | null): Promise<number[]> {
  const seen: number[] = [];
  let last = from;
  for (;;) {
    const target = until();
    if (target !== null && last >= target) return seen;
    const page = await sequencesOf(endpoint, last, 1);
    // Gap-free and in order: each page starts right after the last number read and counts up by one.
    expect(page, `after ${last}`).toEqual(page.map((_, i) => last + 1 + i));
    seen.push(...page);
    if (page.length > 0) last = page.at(-1)!;
  }
}

describeOnPostgresFleet('the event feed across server processes on one PostgreSQL database', 'the event feed across server processes', (fleetOf) => {
  it('gives followers on each process every event once, in order, while both take writes', async () => {
    const endpoints = fleetOf().endpoints;
    let head = 0;
    for (let page = await sequencesOf(endpoints[0]!, head, 0); page.length > 0; page = await sequencesOf(endpoints[0]!, head, 0)) head = page.at(-1)!;
    let done: number | null = null;
    const followers = endpoints.map((endpoint) => followTo(endpoint, head, () => done));
    const writers = endpoints.flatMap((endpoint) =>
      Array.from({ length: WRITERS_PER_PROCESS }, async () => {
        for (let i = 0; i < WRITES_EACH; i += 1) await create(endpoint, 'manufacturer', { name: unique('EV-FLEET') });
      }),
    );
    await Promise.all(writers);
    const total = endpoints.length * WRITERS_PER_PROCESS * WRITES_EACH;
    done = head + total;
    const read = await Promise.all(followers);
    for (const seen of read) expect(seen).toEqual(Array.from({ length: total }, (_, i) => head + 1 + i));
  }, 180_000);
});
