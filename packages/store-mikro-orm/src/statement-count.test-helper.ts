// Set-up shared by the statement-count tests; nothing the build ships imports it.
import { afterAll, afterEach, describe } from 'vitest';
import { type Store } from '@pips/domain';
import { sharedPglite, sharedPostgres, TEST_DATABASE_URL, type SharedDatabase } from './test-databases';

/** PGlite always; PostgreSQL too when the run names a server, since the two send statements differently. */
const engines: Array<[string, () => SharedDatabase]> = [['pglite', sharedPglite]];
if (TEST_DATABASE_URL) engines.push(['postgresql', () => sharedPostgres(TEST_DATABASE_URL!)]);

export interface StatementCounter {
  /** An empty store whose statements go into `statements`; closed after the test. */
  open(): Promise<Store>;
  /** Each statement's SQL, in the order sent, since the test began or the last `counted`. */
  statements: string[];
  /** For each of `statements`, whether it went in the same round trip as the one after it. */
  sentWithNext: boolean[];
  /** Statements `work` sends (BEGIN and COMMIT are not reported). */
  counted(work: () => Promise<unknown>): Promise<number>;
}

/** `body`'s tests on each engine, as `<title> on <engine>`, on one database per engine. */
export function describeStatementCounts(title: string, body: (counter: StatementCounter) => void): void {
  describe.each(engines)(`${title} on %s`, (_name, shared) => {
    const database = shared();
    let store: Store | undefined;
    const statements: string[] = [];
    const sentWithNext: boolean[] = [];
    afterEach(async () => {
      await store?.close();
      store = undefined;
      statements.length = sentWithNext.length = 0;
    });
    afterAll(() => database.dispose());

    body({
      statements,
      sentWithNext,
      async open() {
        store = await database.open({ onStatement: (sql, withNext) => void (statements.push(sql), sentWithNext.push(withNext === true)) });
        return store;
      },
      async counted(work) {
        statements.length = sentWithNext.length = 0;
        await work();
        return statements.length;
      },
    });
  });
}
