import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPart, many, parseCreatePart, updateRow, writePlan, type Store } from '@pips/domain';
import type { Orm } from './open-orm';
import { partContext } from './part-setting.test-helper';
import { planStatement } from './sql/plan-statement';
import { writeStatement } from './sql/write-statement';
import { explainPrepared, planEngines } from './query-plan.test-helper';

// A unit is found by its id alone: what a plan expects of the row is the guard's verdict, and the
// part a read names it under a filter, never an index condition. Where they match a wider index (a
// part and an absent serial number, a sublocation), the planner, without statistics, took that
// index and read every unit of the part, or of the sublocation, for each read and write.

const UNITS = 5_000;

/** A sublocation and many units of one part, none with a serial number, straight in SQL, with no statistics. */
const SEED = [
  `alter table inventory_unit set (autovacuum_enabled = off)`,
  `insert into inventory_location (name, created_at, updated_at) values ('Main', now(), now())`,
  `insert into inventory_sublocation (inventory_location_id, name, has_bins, created_at, updated_at)
     select id, 'Shelf', false, now(), now() from inventory_location`,
  `insert into inventory_unit (part_id, unit_id, inventory_sublocation_id, quantity, currency, created_at, updated_at)
     select p.id, p.unit_id, s.id, 10, 'USD', now(), now()
     from generate_series(1, ${UNITS}) i, (select id, unit_id from part order by id limit 1) p, inventory_sublocation s`,
  // As a database that has not analysed the table yet (a new one, or PGlite, which has no autovacuum): no statistics.
  `delete from pg_statistic where starelid = 'inventory_unit'::regclass`,
  `update pg_class set reltuples = -1, relpages = 0 where oid = 'inventory_unit'::regclass`,
];

describe.each(planEngines())('a unit found by id on %s', (_name, shared) => {
  const database = shared();
  let store: Store | undefined;
  let orm: Orm;
  let unit: { id: number; part_id: number; unit_id: number; inventory_sublocation_id: number };

  beforeAll(async () => {
    store = await database.open();
    const { ctx, setting } = await partContext(store);
    await createPart(ctx, parseCreatePart({ partnumber: 'GUARDED', manufacturer_pn: 'G', ...setting, revision: { revision_name: 'A' } }));
    orm = await database.orm();
    for (const statement of SEED) await orm.em.fork().execute(statement);
    unit = (await orm.em.fork().execute<Array<typeof unit>>('select id, part_id, unit_id, inventory_sublocation_id from inventory_unit order by id desc limit 1'))[0]!;
  }, 180_000);
  afterAll(async () => {
    await orm?.em.fork().execute(`alter table inventory_unit reset (autovacuum_enabled)`);
    await store?.close();
    await database.dispose();
  });

  const expected = () => ({ quantity: '10', part_id: unit.part_id, serial_number: null, unit_id: unit.unit_id, inventory_sublocation_id: unit.inventory_sublocation_id });

  it('locks the row through its primary key alone, whatever it expects of it', async () => {
    const plan = await explainPrepared(orm, writeStatement(writePlan([updateRow('inventory_unit', unit.id, { quantity: '9' }, expected())])));
    // The guard's lock and the update each by the primary key; no other index, no scan of the table.
    expect([...plan.matchAll(/ using (\w+)/g)].map((match) => match[1])).toEqual(['inventory_unit_pkey', 'inventory_unit_pkey']);
    expect(plan).not.toContain('Seq Scan on inventory_unit');
  });

  it('reads a unit of a part, locked or not, through the primary key alone', async () => {
    for (const lock of [false, true]) {
      const plan = await explainPrepared(orm, planStatement({ units: many('inventory_unit', { id: unit.id, part_id: unit.part_id }, { lock }) }));
      expect([...plan.matchAll(/ using (\w+)/g)].map((match) => match[1]), `lock: ${lock}`).toEqual(['inventory_unit_pkey']);
    }
    // Another part's unit is not found.
    const read = (partId: number) => store!.read((tx) => tx.load({ units: many('inventory_unit', { id: unit.id, part_id: partId }) }));
    expect((await read(unit.part_id)).units.map((row) => row.id)).toEqual([unit.id]);
    expect((await read(unit.part_id + 1)).units).toEqual([]);
  });

  it('writes when the row holds what the plan expects, and nothing when it does not', async () => {
    const written = await store!.transaction((tx) => tx.write(writePlan([updateRow('inventory_unit', unit.id, { quantity: '9' }, expected())])));
    expect(written.steps[0]).toMatchObject([{ id: unit.id, quantity: '9.0' }]);
    // The row now holds 9: a plan that read 10 is stale and writes nothing.
    await expect(store!.transaction((tx) => tx.write(writePlan([updateRow('inventory_unit', unit.id, { quantity: '8' }, expected())])))).rejects.toMatchObject({
      code: 'busy',
      details: { stale: { table: 'inventory_unit', id: unit.id } },
    });
    const [row] = await orm.em.fork().execute<Array<{ quantity: string }>>(`select quantity::text from inventory_unit where id = ${unit.id}`);
    expect(Number(row!.quantity)).toBe(9);
  });
});
