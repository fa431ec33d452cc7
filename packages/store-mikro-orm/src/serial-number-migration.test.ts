import { describe, expect, it, onTestFinished } from 'vitest';
import { resolveEngine } from './engine';
import type { MikroOrmStoreOptions } from './index';
import { openOrm } from './open-orm';
import { postgresSuites } from './postgres-suites';
import { createPostgresDatabase } from './test-databases';
import { openInTest, pgliteDataDir, runInTest } from './test-scope';

function describeMigration(name: string, fresh: () => Promise<MikroOrmStoreOptions>) {
  describe(`migration 0010_serial_number_per_part on ${name}`, () => {
    it('migrates a database whose units share serial numbers: one unit keeps each, the others say what they had; then the key holds', async () => {
      const options = await fresh();
      const orm = await openInTest(() => openOrm(resolveEngine(options)));
      await runInTest(() => orm.migrator.up({ to: '0009_rate_limit_table' }));
      const em = orm.em.fork();
      const one = async (sql: string): Promise<number> => ((await em.execute(`${sql} returning "id"`)) as Array<{ id: number }>)[0]!.id;
      const maker = await one(`insert into "manufacturer" ("name", "created_at", "updated_at") values ('M', now(), now())`);
      const type = await one(`insert into "parttype" ("name", "is_non_material", "part_next", "parent_only", "created_at", "updated_at") values ('T', false, 1, false, now(), now())`);
      const each = await one(`insert into "unit" ("name", "allow_fractional", "created_at", "updated_at") values ('Each', false, now(), now())`);
      const part = (n: string) =>
        one(
          `insert into "part" ("partnumber", "manufacturer_pn", "manufacturer_id", "parttype_id", "unit_id", "manufactured_here", "created_at", "updated_at") ` +
            `values ('${n}', '${n}', ${maker}, ${type}, ${each}, false, now(), now())`,
        );
      const [p1, p2] = [await part('P1'), await part('P2')];
      const location = await one(`insert into "inventory_location" ("name", "created_at", "updated_at") values ('L', now(), now())`);
      const shelf = await one(
        `insert into "inventory_sublocation" ("inventory_location_id", "name", "has_bins", "created_at", "updated_at") values (${location}, 'S', false, now(), now())`,
      );
      const unit = (partId: number, serial: string | null, quantity: string, details: string | null = null) =>
        one(
          `insert into "inventory_unit" ("part_id", "unit_id", "inventory_sublocation_id", "quantity", "currency", "serial_number", "details", "created_at", "updated_at") ` +
            `values (${partId}, ${each}, ${shelf}, ${quantity}, 'USD', ${serial === null ? 'null' : `'${serial}'`}, ${details === null ? 'null' : `'${details}'`}, '2020-01-01', '2020-01-01')`,
        );
      // SN-1 three times on P1: the oldest is empty, so the second (holding stock) keeps it.
      const emptyFirst = await unit(p1, 'SN-1', '0', 'returned');
      const holding = await unit(p1, 'SN-1', '1');
      const third = await unit(p1, 'SN-1', '1');
      // Whitespace around a serial number goes, and then SN-2 is a duplicate: the older keeps it.
      const plain = await unit(p1, 'SN-2', '1');
      const padded = await unit(p1, ' SN-2\t', '1');
      const blankOnly = await unit(p1, '   ', '1');
      const nonBreaking = await unit(p1, '\u00a0SN-3\u3000', '1');
      // The same serial number on another part, a different case, and inner spaces are other serial numbers.
      const otherPart = await unit(p2, 'SN-1', '1');
      const lower = await unit(p1, 'sn-1', '1');
      const inner = await unit(p1, 'SN 1', '1');
      const none = [await unit(p1, null, '5'), await unit(p1, null, '5')];

      expect((await runInTest(() => orm.migrator.up())).map((m) => m.name)).toContain('0010_serial_number_per_part');
      const rows = (await em.execute(`select "id", "serial_number", "details", "updated_at" > '2020-01-01' as "touched" from "inventory_unit" order by "id"`)) as Array<{
        id: number;
        serial_number: string | null;
        details: string | null;
        touched: boolean;
      }>;
      const byId = new Map(rows.map((row) => [row.id, row]));
      const note = (serial: string, keeper: number) => `Serial number ${serial} cleared: inventory unit ${keeper} of this part holds it, and a serial number names one item of its part`;
      expect(byId.get(emptyFirst)).toEqual({ id: emptyFirst, serial_number: null, details: `${note('SN-1', holding)}\nreturned`, touched: true });
      expect(byId.get(holding)).toEqual({ id: holding, serial_number: 'SN-1', details: null, touched: false });
      expect(byId.get(third)).toEqual({ id: third, serial_number: null, details: note('SN-1', holding), touched: true });
      expect(byId.get(plain)).toMatchObject({ serial_number: 'SN-2', details: null });
      expect(byId.get(padded)).toMatchObject({ serial_number: null, details: note('SN-2', plain) });
      expect(byId.get(blankOnly)).toMatchObject({ serial_number: null, details: null });
      expect(byId.get(nonBreaking)).toMatchObject({ serial_number: 'SN-3', details: null });
      expect([otherPart, lower, inner].map((id) => byId.get(id)!.serial_number)).toEqual(['SN-1', 'sn-1', 'SN 1']);
      expect(none.map((id) => byId.get(id)!.serial_number)).toEqual([null, null]);

      // From now on the database itself refuses a second unit of a part with a serial number it has.
      await expect(unit(p1, 'SN-1', '1')).rejects.toThrow(/inventory_unit_part_serial_number_unique/);
      await unit(p1, null, '1');
    });
  });
}

describeMigration('pglite', async () => ({ dataDir: await pgliteDataDir('initialised') }));

postgresSuites('migration 0010_serial_number_per_part on postgresql', (adminUrl) => {
  describeMigration('postgresql', async () => {
    const database = await createPostgresDatabase(adminUrl);
    onTestFinished(() => database.drop());
    return { databaseUrl: database.url };
  });
});
