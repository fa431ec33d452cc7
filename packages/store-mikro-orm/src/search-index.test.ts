import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, many, ref, type Store, type Tables, type Where } from '@pips/domain';
import { schema } from '@pips/domain/storage';
import type { Orm } from './open-orm';
import { partContext } from './part-setting.test-helper';
import { planStatement } from './sql/plan-statement';
import { countStatement, selectStatement } from './sql/statements';
import { tableSql } from './sql/table-sql';
import { explainPrepared, planEngines } from './query-plan.test-helper';

// The unit search reads through trigram indexes, not every row: the plans PostgreSQL chooses for
// the statements the store sends, on enough rows that reading all of them would cost.

const UNITS = 20_000;
const PARTS = 2_000;

/** Parents and rows straight in SQL: one statement for all the units, text spread as a search meets it. */
const SEED = [
  `insert into inventory_location (name, created_at, updated_at) values ('Main', now(), now())`,
  `insert into inventory_sublocation (inventory_location_id, name, has_bins, created_at, updated_at)
     select id, 'Shelf', false, now(), now() from inventory_location`,
  `insert into part (partnumber, manufacturer_pn, manufacturer_id, parttype_id, unit_id, manufactured_here, created_at, updated_at)
     select 'PN-' || md5('part' || i), 'MPN-' || i, m.id, t.id, u.id, false, now(), now()
     from generate_series(1, ${PARTS}) i, manufacturer m, parttype t, unit u`,
  `insert into inventory_unit (part_id, unit_id, inventory_sublocation_id, quantity, currency, asset_id, serial_number, lot_code,
       datecode, details, purchase_order_number, vendor, sublocation_bin, created_at, updated_at)
     select p.first + i % ${PARTS}, u.id, s.id, 1, 'USD', 'A' || lpad(i::text, 7, '0'), 'SN-' || md5('serial' || i), 'LOT-' || (i % 500),
       '2' || (i % 1000), 'Unit ' || md5('details' || i), 'PO-' || (i % 3000), 'Vendor ' || md5('vendor' || (i % 300)), 'B' || (i % 50), now(), now()
     from generate_series(1, ${UNITS}) i, (select min(id) as first from part) p, unit u, inventory_sublocation s`,
  `analyze`,
];

/** Four letters of one unit's serial number: a term few units hold. */
const term = createHash('md5').update('serial4242').digest('hex').slice(9, 13);

const trigramIndexes = schema.inventory_unit.indexes.filter((index) => index.using === 'trigram');

describe.each(planEngines())('inventory unit search on %s', (_name, shared) => {
  const database = shared();
  let store: Store | undefined;
  let orm: Orm;

  beforeAll(async () => {
    store = await database.open();
    await partContext(store);
    orm = await database.orm();
    for (const statement of SEED) await orm.em.fork().execute(statement);
  }, 180_000);
  afterAll(async () => {
    await store?.close();
    await database.dispose();
  });

  const contains: Where<Tables['inventory_unit']> = { serial_number: { $contains: term } };

  it('finds a page of units by a piece of their serial number through its trigram index', async () => {
    expect(await store!.read((tx) => tx.repo('inventory_unit').count(contains))).toBeGreaterThan(0);
    const units = tableSql('inventory_unit');
    for (const statement of [selectStatement(units, contains, { limit: 25 }), countStatement(units, contains)]) {
      const plan = await explainPrepared(orm, statement);
      expect(plan).toContain('inventory_unit_serial_number_trgm');
      expect(plan).not.toContain('Seq Scan');
    }
  });

  it('answers a search of every text column and the part number from the indexes, a page and a total', async () => {
    const matching = {
      $or: [...trigramIndexes.map((index) => ({ [index.columns[0]!]: { $contains: term } })), { part_id: ref('parts', 'id') }],
    } as Where<Tables['inventory_unit']>;
    const search = {
      parts: many('part', { partnumber: { $contains: term } }, { columns: ['id'] }),
      units: many('inventory_unit', matching, { limit: 25, offset: 0 }),
      total: count('inventory_unit', matching),
    };
    const loaded = await store!.read((tx) => tx.load(search));
    expect(loaded.total).toBeGreaterThan(0);
    expect(loaded.units.length).toBe(Math.min(25, loaded.total));
    const explained = await explainPrepared(orm, planStatement(search));
    // The page and the total each read every column's index; neither walks the table.
    const uses = (name: string) => explained.split(name).length - 1;
    for (const name of [...trigramIndexes.map((index) => index.name), 'inventory_unit_part_id_index']) expect(uses(name), name).toBe(2);
    expect(explained).not.toContain('inventory_unit_pkey');
    expect(explained).not.toContain('Seq Scan on inventory_unit');
  });
});
