import { afterAll, describe, expect, it } from 'vitest';
import { levelOf } from './migration-level';
import { migrationsList } from './migrations';
import type { SqlStore } from './mikro-orm-store';
import { postgresSuites } from './postgres-suites';
import { sharedPglite, sharedPostgres, type SharedDatabase } from './test-databases';

const names = migrationsList.map((m) => m.name);
const newest = names.at(-1)!;
const before = names.at(-2)!;

describe('levelOf', () => {
  it('is newest only for the last migration; behind for none or a known earlier one; a name from a newer build is not behind', () => {
    expect(levelOf(newest)).toEqual({ applied: newest, newest: true, behind: false });
    expect(levelOf(before)).toEqual({ applied: before, newest: false, behind: true });
    expect(levelOf(null)).toEqual({ applied: null, newest: false, behind: true });
    expect(levelOf('9999_from_a_newer_build')).toEqual({ applied: '9999_from_a_newer_build', newest: false, behind: false });
  });
});

/** The level read from a migrated database, then with its last migration's record taken away and put back. */
function levelCases(database: SharedDatabase) {
  afterAll(() => database.dispose());

  it('reads the last migration applied in one statement, and sees a schema left behind', async () => {
    const statements: string[] = [];
    const store = (await database.open({ onStatement: (sql) => statements.push(sql) })) as SqlStore;
    expect(await store.migrationLevel()).toEqual({ applied: newest, newest: true, behind: false });
    expect(statements).toHaveLength(1);
    const connection = (await database.orm()).em.getConnection();
    const [row] = await connection.execute<Array<{ id: number; executed_at: Date }>>('SELECT id, executed_at FROM mikro_orm_migrations WHERE name = ?', [newest]);
    await connection.execute('DELETE FROM mikro_orm_migrations WHERE name = ?', [newest]);
    try {
      expect(await store.migrationLevel()).toEqual({ applied: before, newest: false, behind: true });
    } finally {
      await connection.execute('INSERT INTO mikro_orm_migrations (id, name, executed_at) VALUES (?, ?, ?)', [row!.id, newest, row!.executed_at]);
    }
    expect(await store.migrationLevel()).toEqual({ applied: newest, newest: true, behind: false });
  });
}

describe('migration level on pglite', () => levelCases(sharedPglite()));

postgresSuites('migration level on postgresql', (adminUrl) => {
  describe('migration level on postgresql', () => levelCases(sharedPostgres(adminUrl)));
});
