import pg from 'pg';
import { postgresClientOptions } from '@pips/store-mikro-orm';
import { eventsAfter, type EventShape } from './event-shapes';
import { startFloorBeside } from './floor';
import { loadOf, ROUNDS } from './load-settings';
import type { Figures, Load, Send } from './measure';
import { seedFamilies, type Family } from './release-seed';
import { interleaved } from './rounds';
import { startServer, TOKEN, type Engine } from './server';
import type { EngineRun } from './targets';

const CONNECTIONS = Number(process.env.BENCH_RELEASE_CONNECTIONS ?? 10);
/** Requests in each measured round, and in the warm-up: each uses up a family seeded for it. */
const AMOUNT = Number(process.env.BENCH_RELEASES ?? 200);
const WARM_UP = Math.max(CONNECTIONS, Math.floor(AMOUNT / 4));

/** The releases of `families`, one each, in turn: the guard lifted, so the parent gets its new draft. */
export function releaseSend(families: readonly Family[]): Send & { first: string; path: () => string } {
  let n = 0;
  const pathOf = (family: Family) => `/api/v2/${TOKEN}/parts/${family.partId}/revisions/${family.draftId}/release?bypass_part_ancestor_up_rev_guard=true`;
  return {
    first: pathOf(families[0]!),
    body: () => '<part_revision></part_revision>',
    path: () => {
      const family = families[n++];
      if (!family) throw new Error('more releases sent than families seeded');
      return pathOf(family);
    },
  };
}

/**
 * What a family's release left, read through PIPS: the part's revisions and its parent's, and the
 * parent's new draft with its bill; the released revision's id named, every other id, time and
 * name masked, so two families released alike read alike.
 */
async function releasedState(url: string, family: Family): Promise<string> {
  const api = `${url}/api/v2/${TOKEN}`;
  const text = async (path: string) => {
    const response = await fetch(api + path, { headers: { accept: 'application/xml' } });
    const body = await response.text();
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status} ${body}`);
    return body;
  };
  const parentRevisions = await text(`/parts/${family.parentId}/revisions`);
  const drafts = [...parentRevisions.matchAll(/<part_revision>\s*<id>(\d+)<\/id>/g)].map((match) => match[1]);
  const documents = [await text(`/parts/${family.partId}/revisions`), parentRevisions, await text(`/parts/${family.parentId}/revisions/${drafts[drafts.length - 1]}`)];
  return documents
    .join('\n')
    .replace(new RegExp(`>${family.draftId}<`, 'g'), '>RELEASED<')
    .replace(/>\d+</g, '>…<')
    .replace(/<(created_at|updated_at|released_at|created_on|updated_on)>[^<]*<\/\1>/g, '<$1>…</$1>')
    .replace(/BENCH-REL-[^<]*/g, 'BENCH-REL');
}

const cell = (f: Figures | undefined) => (f ? `${f.requestsPerSecond.toFixed(0).padStart(8)} ${String(f.p50).padStart(6)} ${String(f.p99).padStart(6)}` : '-');

/**
 * Release a revision with a two-level ancestor on PIPS and its floor: each request releases its own
 * family's draft (seeded ahead, a fixed number of requests a round, as a release happens once),
 * giving the parent a new draft. PGlite's floor runs on a copy of the data, as the other floors do.
 */
export async function runRelease(engine: Engine): Promise<Pick<EngineRun, 'pips' | 'floor'>> {
  const prepared = engine.prepare();
  const stops: Array<() => Promise<void> | void> = [() => prepared.cleanup()];
  try {
    let server = await startServer(prepared);
    stops.push(() => server.stop());
    // One for the first answer, and room for what a run sets up beyond its amount (a connection's request in flight).
    const each = 1 + WARM_UP + ROUNDS * AMOUNT + (ROUNDS + 1) * 2 * CONNECTIONS;
    const started = performance.now();
    const families = await seedFamilies(server.url, 2 * each);
    console.log(`\n${engine.name}: release, ${2 * each} families seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const beside = await startFloorBeside(engine, prepared, server, stops);
    server = beside.server;
    const floor = beside.floor;
    // Each side its own families (on PostgreSQL both write one database); the first of each answered alike first.
    const [pipsSend, floorSend] = [releaseSend(families.slice(0, each)), releaseSend(families.slice(each))];
    // On PostgreSQL PIPS's feed holds both sides' events: each release's own, read after it.
    const shared = !engine.copyForFloor;
    let seen = shared ? (await eventsAfter(server.url, 0)).last : 0;
    const events: EventShape[][] = [];
    for (const [url, side] of [
      [server.url, pipsSend],
      [floor.url, floorSend],
    ] as const) {
      const response = await fetch(url + side.path(), { method: 'POST', headers: { 'content-type': 'application/xml' }, body: side.body() });
      const text = await response.text();
      if (response.status !== 200 || text !== '') throw new Error(`release answered ${response.status} ${text} on ${url}`);
      if (shared) {
        const after = await eventsAfter(server.url, seen);
        events.push(after.events);
        seen = after.last;
      }
    }
    // On PostgreSQL both sides wrote one database, so PIPS reads the floor's release back too: alike, or the floor writes something else.
    if (shared) {
      const [ours, theirs] = [await releasedState(server.url, families[0]!), await releasedState(server.url, families[each]!)];
      if (ours !== theirs) throw new Error(`the floor's release wrote otherwise than PIPS's:\nPIPS:\n${ours}\nfloor:\n${theirs}`);
      // The same events too: types in order, paths and payload fields.
      const [ourEvents, theirEvents] = events.map((list) => JSON.stringify(list, null, 1));
      if (!events[0]!.some((event) => event.type === 'revision.released') || ourEvents !== theirEvents) {
        throw new Error(`the floor's release wrote other events than PIPS's:\nPIPS:\n${ourEvents}\nfloor:\n${theirEvents}`);
      }
      // Which revision a line names is not in its form: read from the database.
      const databaseUrl = prepared.env.DATABASE_URL;
      if (!databaseUrl) throw new Error('the floor shares PIPS\'s PostgreSQL database, yet it has no DATABASE_URL');
      const client = new pg.Client(postgresClientOptions(databaseUrl));
      await client.connect();
      try {
        for (const family of [families[0]!, families[each]!]) {
          const { rows } = await client.query<{ named: number }>(
            `SELECT s.subpart_part_revision_id AS named FROM subpart s JOIN part_revision r ON r.id = s.part_revision_id WHERE r.part_id = $1 AND r.status = 'Draft'`,
            [family.parentId],
          );
          if (rows.length !== 1 || rows[0]!.named !== family.draftId) throw new Error(`the parent's new draft does not list the release: ${JSON.stringify(rows)}`);
        }
      } finally {
        await client.end();
      }
    }
    const load: Load = { ...loadOf(CONNECTIONS), amount: AMOUNT };
    const warmUp: Load = { ...load, amount: WARM_UP };
    const result = await interleaved(
      [
        { name: 'PIPS', url: server.url + pipsSend.first, post: pipsSend },
        { name: 'floor', url: floor.url + floorSend.first, post: floorSend },
      ],
      load,
      warmUp,
      ROUNDS,
    );
    const [p, f] = [result.get('PIPS'), result.get('floor')];
    const ratio = p && f && f.requestsPerSecond > 0 ? (p.requestsPerSecond / f.requestsPerSecond).toFixed(3) : '-';
    console.log(`${'target'.padEnd(28)} ${'PIPS req/s'.padStart(8)}  p50ms  p99ms ${'floor req/s'.padStart(8)}  p50ms  p99ms PIPS/floor  non-2xx`);
    console.log(`${`release, two-level ancestor`.padEnd(28)} ${cell(p)} ${cell(f)} ${ratio.padStart(10)} ${`${p?.errors ?? '-'}/${f?.errors ?? '-'}`.padStart(8)}`);
    const measured: Pick<EngineRun, 'pips' | 'floor'> = { pips: {}, floor: {} };
    if (p) measured.pips['release, two-level ancestor'] = { requestsPerSecond: p.requestsPerSecond, errors: p.errors };
    if (f) measured.floor['release, two-level ancestor'] = { requestsPerSecond: f.requestsPerSecond, errors: f.errors };
    return measured;
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
