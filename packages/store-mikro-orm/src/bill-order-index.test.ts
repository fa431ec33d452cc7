import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { many, one, reach, ref, type Store } from '@pips/domain';
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

  // As adding a line reads it once its locks are held (`addSubpart`): the assembly's revision and
  // the child's, the lines below the child and above the assembly, and the highest position on the
  // assembly's bill, ties by id the same way, one row.
  const walk = { columns: ['id', 'part_id', 'part_revision_id', 'subpart_id', 'subpart_part_revision_id'] } as const;
  const lastLine = () => ({
    walkAssembly: one('part_revision', { id: large }),
    walkChild: one('part_revision', { id: large + 1 }),
    below: reach('subpart', { part_revision_id: ref('walkChild', 'id') }, { ...walk, parent: 'part_revision_id', child: 'subpart_part_revision_id' }),
    above: reach('subpart', { subpart_part_revision_id: ref('walkAssembly', 'id') }, { ...walk, parent: 'subpart_part_revision_id', child: 'part_revision_id' }),
    last: many('subpart', { part_revision_id: ref('walkAssembly', 'id') }, { orderBy: [['position', 'desc'], ['id', 'desc']], limit: 1, columns: ['position'] }),
  });
  const firstLines = () => ({ lines: many('subpart', { part_revision_id: large }, { orderBy: [['position', 'asc']], limit: 25 }) });

  /** The last line answers right, straight from the index on a bill's order: no sort, no scan of the table. */
  async function expectLastLineFromIndex(): Promise<void> {
    const read = await store!.read((tx) => tx.load(lastLine()));
    expect(read.last).toEqual([{ position: 3 + LARGE_BILL }]);
    // The child's three lines and what is below them; nothing lists the first part.
    expect(read.below.length).toBeGreaterThanOrEqual(3);
    expect(read.above).toEqual([]);
    const last = await explainPrepared(orm, planStatement(lastLine()));
    expect(last).toMatch(/Index (Only )?Scan Backward using subpart_part_revision_id_position_id_index/);
    // Every walk and the last line from an index: no line read by a scan of the table, none sorted
    // by position (what sorts there is orders a walk's few rows by id, for its answer).
    expect(last).not.toMatch(/Seq Scan on subpart|Sort Key: [\w.]*"?position/);
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
