import { follow } from './event-follow';
import { pagesOf } from './event-pages';
import { EVENT_SIDES, eventCostChecks, eventShares, eventTriggerSql, type EventCostRow, type EventSide } from './event-cost';
import { loadOf, ROUNDS, warmUpOf } from './load-settings';
import { rps } from './request-table';
import { interleaved } from './rounds';
import { seedParts } from './seed-parts';
import { seed, startServer, TOKEN, type Engine, type Prepared } from './server';
import { runSql } from './store-sql';
import type { Check } from './targets';
import { expectAlike, partWrites, written } from './write-requests';
import { sendOf } from './write-targets';

const load = loadOf(Number(process.env.BENCH_CONNECTIONS ?? 10));
const warmUp = warmUpOf(load);
const PARTS = Number(process.env.BENCH_EVENT_PARTS ?? 1000);
const API = `/api/v2/${TOKEN}`;
/**
 * At least five rounds: the check tells apart sides within 15% of each other, where a busy
 * machine moved one side by a fifth between rounds of three (docs/performance.md, "Events").
 */
const EVENT_ROUNDS = Math.max(ROUNDS, 5);

/** The newest event's number the feed shows (numbering what is committed first). */
const lastSequence = async (url: string): Promise<number> => (await follow(pagesOf(url, null), { contiguous: true })).last;

const fixed = (value: number | null) => (value === null ? '-' : value.toFixed(3));

/**
 * The cost of events to each write: PIPS seeded once, then three copies of its data, each with its
 * own server at PIPS's defaults: `events` as PIPS ships, `kept` with a trigger that returns the
 * event row, `dropped` with one that returns NULL (no event row written: the write without
 * events). Each write's first answer is compared across the sides; then each write is measured
 * on the three in turn; last, the feed must show new events on the first two and none on the third.
 */
export async function runEventCost(engine: Engine): Promise<Check[]> {
  if (!engine.copy) throw new Error(`${engine.name} has no data to copy: the event cost needs a database`);
  const prepared = engine.prepare();
  const stops: Array<() => Promise<void> | void> = [() => prepared.cleanup()];
  try {
    const seeding = await startServer(prepared);
    stops.push(() => seeding.stop());
    const { firstUnitId } = await seed(seeding.url, 10);
    const partIds = await seedParts(seeding.url, PARTS, firstUnitId);
    const writes = await partWrites(seeding.url, `${API}/part/${partIds[partIds.length - 1]}`, partIds);
    const seeded = await lastSequence(seeding.url);
    await seeding.stop();
    stops.pop();

    const servers = new Map<EventSide, string>();
    for (const side of EVENT_SIDES) {
      const data: Prepared = engine.copy(prepared);
      stops.push(() => data.cleanup());
      const trigger = eventTriggerSql(side);
      if (trigger) await runSql(data, [trigger]);
      const server = await startServer(data);
      stops.push(() => server.stop());
      servers.set(side, server.url);
    }
    const url = (side: EventSide) => servers.get(side)!;
    for (const write of writes) {
      const first = await written(url('events'), write, 'events');
      for (const side of EVENT_SIDES.slice(1)) expectAlike(engine.name, `${write.name} (${side})`, first, await written(url(side), write, side));
    }

    console.log(`\n${engine.name}: the cost of events, ${load.connections} connections, ${EVENT_ROUNDS} rounds of ${load.seconds} s on each side in turn, the median kept`);
    console.log(`  events: PIPS as it ships; kept: a BEFORE INSERT trigger on event returning the row; dropped: the same returning NULL (no event written)`);
    console.log(['target'.padEnd(20), 'events', '  kept', 'dropped', 'events/dropped', 'kept/dropped', 'errors'].map((cell, i) => (i === 0 ? cell : cell.padStart(8))).join(' '));
    const rows: EventCostRow[] = [];
    const stamp = Date.now();
    for (const write of writes) {
      const measured = await interleaved(
        EVENT_SIDES.map((side) => ({ name: side, url: url(side) + write.path(0), post: sendOf(write, `bench events ${side} ${stamp}`) })),
        load,
        warmUp,
        EVENT_ROUNDS,
      );
      const row: EventCostRow = { label: write.name };
      for (const side of EVENT_SIDES) {
        const figures = measured.get(side);
        if (figures) row[side] = { requestsPerSecond: figures.requestsPerSecond, errors: figures.errors };
      }
      rows.push(row);
      const shares = eventShares(row);
      const errors = EVENT_SIDES.map((side) => measured.get(side)?.errors ?? '-').join('/');
      const cells = [rps(measured.get('events')), rps(measured.get('kept')), rps(measured.get('dropped')), fixed(shares.shipped), fixed(shares.row), errors];
      console.log([write.name.padEnd(20), ...cells.map((cell) => cell.padStart(8))].join(' '));
    }
    // The trigger did what it was put there for: events where the row is kept, none where it is dropped.
    for (const side of EVENT_SIDES) {
      const last = await lastSequence(url(side));
      if ((last > seeded) !== (side !== 'dropped')) throw new Error(`${engine.name}: the ${side} side's feed ends at ${last} after ${seeded} seeded events`);
    }
    return eventCostChecks(engine.name, rows);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
