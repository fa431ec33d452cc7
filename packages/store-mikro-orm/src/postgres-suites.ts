import { describe, it } from 'vitest';
import { TEST_DATABASE_URL } from './test-databases';

/**
 * Defines the suites of a test file that need PostgreSQL, given the database `PIPS_TEST_DATABASE_URL`
 * names to create databases from. When it is unset they are skipped with a notice, and a skipped
 * suite called `name` stands in (a file left with no suite at all would fail the run); in CI
 * (`CI` set) a missing database fails instead, so a pipeline cannot lose them unnoticed.
 */
export function postgresSuites(name: string, define: (adminUrl: string) => void): void {
  if (TEST_DATABASE_URL) {
    define(TEST_DATABASE_URL);
  } else if (process.env.CI) {
    describe(name, () => {
      it('runs in CI', () => {
        throw new Error(`PIPS_TEST_DATABASE_URL is unset: CI must run ${name}`);
      });
    });
  } else {
    console.warn(`${name} skipped: PIPS_TEST_DATABASE_URL is unset`);
    describe.skip(`${name} (PIPS_TEST_DATABASE_URL is unset)`, () => {
      it('needs a PostgreSQL database', () => undefined);
    });
  }
}
