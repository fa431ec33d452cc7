// How the plan tests ask PostgreSQL what it would do; nothing the build ships imports it.
import type { Orm } from './open-orm';
import type { Statement } from './sql/statements';
import { sharedPglite, sharedPostgres, TEST_DATABASE_URL, type SharedDatabase } from './test-databases';

/** A statement's value as SQL: null, an array (`{1,2}`), or quoted text. */
const literal = (value: unknown): string => {
  if (value === null || value === undefined) return 'NULL';
  const text = Array.isArray(value) ? `{${value.join(',')}}` : String(value);
  return `'${text.replaceAll(`'`, `''`)}'`;
};

/** PostgreSQL's plan for `statement` with its values, prepared as the store prepares it. */
export async function explainPrepared(orm: Orm, statement: Statement): Promise<string> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute(`prepare plan_probe as ${statement.text}`);
    const values = statement.values.length > 0 ? `(${statement.values.map(literal).join(', ')})` : '';
    const rows = await em.execute<Array<Record<string, string>>>(`explain execute plan_probe${values}`);
    await em.execute('deallocate plan_probe');
    return rows.map((row) => Object.values(row).join('')).join('\n');
  });
}

/** The engines a plan test runs on: PGlite, and PostgreSQL when the tests have one. */
export function planEngines(): Array<[string, () => SharedDatabase]> {
  const engines: Array<[string, () => SharedDatabase]> = [['pglite', sharedPglite]];
  if (TEST_DATABASE_URL) engines.push(['postgresql', () => sharedPostgres(TEST_DATABASE_URL!)]);
  return engines;
}
