import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, xmlBody } from './client';
import { many, type Rec } from './expect-xml';
import { readLedger } from './inventory-ledger';
import { raceChanges, seededRandom, setUpStock } from './inventory-race';
import { raceProblems, tally } from './ledger-checks';
import { startServerFleet, type FleetEngine, type ServerFleet } from './server-fleet';
import { targets } from './suite';
import type { TargetName } from './targets';

// Adjusts, consumes, moves and splits race on a few inventory units through the HTTP API: on
// PGlite through its one server process, on PostgreSQL through several processes sharing one
// database. Afterwards the API must account for every quantity: nothing lost, nothing invented.

const CHANGES = 240;
const IN_FLIGHT = 24;
const CREATED = ['1000', '1000', '1000', '750.25'];
const SUBLOCATIONS = 4;

const ENGINES: ReadonlyArray<{ engine: FleetEngine; target: TargetName; servers: number }> = [
  { engine: 'pglite', target: 'server-pglite', servers: 1 },
  { engine: 'postgres', target: 'server-postgres', servers: 3 },
];

// The engines the run selected (CONFORMANCE_TARGETS, PIPS_TEST_DATABASE_URL); the fleets are this file's own.
const selected = new Set(targets().map((target) => target.name));

for (const { engine, target, servers } of ENGINES) {
  const suite = selected.has(target) ? describe : describe.skip;
  if (!selected.has(target)) {
    const why = engine === 'postgres' && !process.env.PIPS_TEST_DATABASE_URL ? 'PIPS_TEST_DATABASE_URL is not set' : `the run did not select ${target}`;
    console.warn(`\n[conformance] NOTICE: the inventory race on ${target} is SKIPPED because ${why}.\n`);
  }

  suite(`inventory changes racing on ${target} (${servers} server process${servers > 1 ? 'es' : ''})`, () => {
    let fleet: ServerFleet | undefined;
    beforeAll(async () => {
      fleet = await startServerFleet(engine, servers);
    }, 180_000);
    afterAll(async () => {
      await fleet?.stop();
    }, 60_000);

    it(`loses nothing and invents nothing over ${CHANGES} concurrent changes`, async () => {
      const { endpoints, output } = fleet!;
      const seed = Number(process.env.INVENTORY_RACE_SEED ?? Math.floor(Math.random() * 2 ** 32));
      const stock = await setUpStock(endpoints[0]!, CREATED, SUBLOCATIONS);
      const outcomes = await raceChanges(endpoints, stock, { changes: CHANGES, inFlight: IN_FLIGHT, random: seededRandom(seed) });
      const made = outcomes.flatMap((outcome) => (outcome.newUnitId === undefined ? [] : [outcome.newUnitId]));
      const ledger = await readLedger(endpoints.at(-1)!, stock.partId, [...stock.units.map((unit) => unit.id), ...made]);
      console.info(`[inventory race] ${target} seed ${seed}, ${ledger.units.length} units: ${tally(outcomes)}`);
      expect(raceProblems({ stock, outcomes, ledger }), `seed ${seed}\n${output()}`).toEqual([]);
    }, 600_000);

    it('generates a distinct asset id for every one of many concurrent splits', async () => {
      const { endpoints } = fleet!;
      const stock = await setUpStock(endpoints[0]!, CREATED, SUBLOCATIONS);
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, n) => {
          const unit = stock.units[n % stock.units.length]!;
          const body = xmlBody('inventory_unit', { inventory_sublocation_id: stock.sublocationIds[0], quantity: 1, generate_asset_id: 'true' });
          return post(endpoints[n % endpoints.length]!, `/parts/${stock.partId}/inventory_units/${unit.id}/split`, { body });
        }),
      );
      const assetIds = replies.map((reply) => {
        expect(reply.status, reply.text).toBe(200);
        return (many(reply.xml?.inventory_units)[1] as Rec).asset_id;
      });
      for (const assetId of assetIds) expect(assetId).toMatch(/^A\d{7}$/);
      expect(new Set(assetIds).size).toBe(40);
    }, 120_000);
  });
}
