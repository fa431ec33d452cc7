import { follow } from './event-follow';
import { PAGE, pagesOf } from './event-pages';
import { startFloorBeside } from './floor';
import { ROUNDS } from './load-settings';
import { seedParts } from './seed-parts';
import { seed, startServer, TOKEN, type Engine } from './server';
import { runSql } from './store-sql';
import { answer, expectAlike } from './write-requests';

const EVENTS = Number(process.env.BENCH_FEED_EVENTS ?? 50_000);
/** The type a second follower reads alone: one of the seeded kinds, about a tenth of the backlog. */
const TYPE = 'unit.created';
const API = `/api/v2/${TOKEN}`;

/**
 * The backlog: the events PIPS wrote while seeding (units, their conversions, parts with their
 * first revision), copied in order until there are at least `total`, unnumbered as writers leave
 * them, so the first read of the feed numbers them all.
 */
export const backlogSql = (total: number): string =>
  `INSERT INTO event (type, occurred_at, token_name, collection, record_id, permission, payload)
   SELECT e.type, e.occurred_at, e.token_name, e.collection, e.record_id, e.permission, e.payload
   FROM generate_series(1, (SELECT ceil(${total}::numeric / count(*))::int - 1 FROM event)) g, event e ORDER BY g, e.id`;

/** One follower reading from 0 to the end: events per second, and how many. */
async function timed(url: string, type: string | null): Promise<{ perSecond: number; events: number }> {
  const started = performance.now();
  const { events } = await follow(pagesOf(url, type), { contiguous: type === null });
  return { perSecond: events / ((performance.now() - started) / 1000), events };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/**
 * The feed's throughput: a backlog of BENCH_FEED_EVENTS events written straight into the store (PIPS
 * stopped), numbered by PIPS's first read (timed), then one follower paging `?after=&limit=1000`
 * from the start to the end, on PIPS and on its floor in turns (`ROUNDS` each, the median kept),
 * every page compared first; then the same for one type alone.
 */
export async function runEventFeed(engine: Engine): Promise<void> {
  const prepared = engine.prepare();
  const stops: Array<() => Promise<void> | void> = [() => prepared.cleanup()];
  try {
    let server = await startServer(prepared);
    stops.push(() => server.stop());
    const { firstUnitId } = await seed(server.url, 10);
    await seedParts(server.url, 100, firstUnitId);
    await server.stop();
    const seeding = performance.now();
    await runSql(prepared, [backlogSql(EVENTS)]);
    const seeded = (performance.now() - seeding) / 1000;
    server = await startServer(prepared);
    const numbering = performance.now();
    const { status } = await answer(server.url + `${API}/events?after=0&limit=1`);
    if (status !== 200) throw new Error(`the feed answered ${status}`);
    const numbered = (performance.now() - numbering) / 1000;
    const beside = await startFloorBeside(engine, prepared, server, stops);
    server = beside.server;
    const floor = beside.floor;

    let total = 0;
    for (const type of [null, TYPE]) {
      // Every page alike on both (this also warms both up).
      const floorPages = pagesOf(floor.url, type);
      const { events } = await follow(
        async (after) => {
          const pips = await pagesOf(server.url, type)(after);
          const other = await floorPages(after);
          expectAlike(engine.name, `events after ${after}${type ? ` of ${type}` : ''}`, { status: 200, body: pips.body, pagination: null }, { status: 200, body: other.body, pagination: null });
          return pips;
        },
        { contiguous: type === null },
      );
      if (type === null) {
        total = events;
        console.log(
          `\n${engine.name}: the event feed, one follower paging ${PAGE} at a time through ${events} events ` +
            `(written in ${seeded.toFixed(1)} s; PIPS's first read numbered them in ${numbered.toFixed(2)} s); ${ROUNDS} rounds each in turn, the median kept`,
        );
        console.log(`${'follower'.padEnd(26)} ${'PIPS ev/s'.padStart(10)} ${'floor ev/s'.padStart(10)} ${'PIPS/floor'.padStart(10)}`);
      }
      const rounds: Record<'pips' | 'floor', number[]> = { pips: [], floor: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const [side, url] of [['pips', server.url], ['floor', floor.url]] as const) {
          const run = await timed(url, type);
          if (run.events !== events) throw new Error(`${engine.name}: ${side} gave ${run.events} events, not ${events}`);
          rounds[side].push(run.perSecond);
        }
      }
      const [pips, floorRate] = [median(rounds.pips), median(rounds.floor)];
      const label = type === null ? `all ${total} events` : `${type} (${events} events)`;
      console.log(`${label.padEnd(26)} ${pips.toFixed(0).padStart(10)} ${floorRate.toFixed(0).padStart(10)} ${(pips / floorRate).toFixed(3).padStart(10)}`);
    }
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
