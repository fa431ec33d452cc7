import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { many, type Store } from '@pips/domain';
import type { Orm } from './open-orm';
import { partContext } from './part-setting.test-helper';
import { planStatement } from './sql/plan-statement';
import { explainPrepared, planEngines } from './query-plan.test-helper';

// A line is added after its bill's last one: that line is found through the index on a bill's
// lines in order, not by reading every line of the bill, so an add costs the same on a bill of
// any size. The plans PostgreSQL chooses for the statements the store sends, on one large bill
// among many small ones: the last line first on tables never analysed (a new database, PGlite
// before its upkeep, a server without autovacuum), then both with their statistics.

const PARTS = 500;
const LARGE_BILL = 6_000;

/** Parts, a revision each, a bill of three lines on each and one of `LARGE_BILL` lines on the first, straight in SQL. */
const SEED = [
  `insert into part (partnumber, manufacturer_pn, manufacturer_id, parttype_id, unit_id, manufactured_here, created_at, updated_at)
     select 'PN-' || i, 'MPN-' || i, m.id, t.id, u.id, false, now(), now()
     from generate_series(1, ${PARTS}) i, manufacturer m, parttype t, unit u`,
  `insert into part_revision (part_id, revision_name, status, created_at, updated_at) select id, 'A', 'Draft', now(), now() from part`,
  `insert into subpart (part_id, part_revision_id, subpart_id, subpart_part_revision_id, quantity, no_load, position, created_at, updated_at)
     select r.part_id, r.id, c.part_id, c.id, 1, false, k, now(), now()
     from part_revision r cross join generate_series(1, 3) k join part_revision c on c.id = (select max(id) from part_revision) - k`,
  `insert into subpart (part_id, part_revision_id, subpart_id, subpart_part_revision_id, quantity, no_load, position, created_at, updated_at)
     select r.part_id, r.id, c.part_id, c.id, 1, false, 3 + k, now(), now()
     from (select * from part_revision order by id limit 1) r cross join generate_series(1, ${LARGE_BILL}) k
     join part_revision c on c.id = (select max(id) from part_revision)`,
];

describe.each(planEngines())('a bill in order on %s', (_name, shared) => {
  const database = shared();
  let store: Store | undefined;
  let orm: Orm;
  let large: number;

  beforeAll(async () => {
    store = await database.open();
    await partContext(store);
    orm = await database.orm();
    for (const statement of SEED) await orm.em.fork().execute(statement);
    large = (await orm.em.fork().execute<Array<{ id: number }>>('select min(id) as id from part_revision'))[0]!.id;
  }, 180_000);
  afterAll(async () => {
    await store?.close();
    await database.dispose();
  });

  // As adding a line reads it: the highest position, ties by id the same way, one row.
  const lastLine = () => ({ last: many('subpart', { part_revision_id: large }, { orderBy: [['position', 'desc'], ['id', 'desc']], limit: 1, columns: ['position'] }) });
  const firstLines = () => ({ lines: many('subpart', { part_revision_id: large }, { orderBy: [['position', 'asc']], limit: 25 }) });

  /** The last line answers right, straight from the index on a bill's order: no sort, no scan of the table. */
  async function expectLastLineFromIndex(): Promise<void> {
    expect((await store!.read((tx) => tx.load(lastLine()))).last).toEqual([{ position: 3 + LARGE_BILL }]);
    const last = await explainPrepared(orm, planStatement(lastLine()));
    expect(last).toMatch(/Index (Only )?Scan Backward using subpart_part_revision_id_position_id_index/);
    expect(last).not.toMatch(/Sort|Seq Scan on subpart/);
  }

  it("finds a large bill's last line through the index, reading no other line, on tables never analysed", async () => {
    await expectLastLineFromIndex();
  });

  it('does the same once the tables are analysed, and reads a bill in its order from the same index', async () => {
    await orm.em.fork().execute('analyze');
    await expectLastLineFromIndex();
    const lines = (await store!.read((tx) => tx.load(firstLines()))).lines;
    expect(lines.map((line) => line.position)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const bill = await explainPrepared(orm, planStatement(firstLines()));
    expect(bill).toMatch(/Index (Only )?Scan using subpart_part_revision_id_position_id_index/);
    expect(bill).not.toMatch(/Sort|Seq Scan on subpart/);
  });
});
