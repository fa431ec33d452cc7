import { afterAll, beforeAll, describe } from 'vitest';
import { startServerFleet, type ServerFleet } from './server-fleet';
import { targets } from './suite';

/**
 * A `describe` whose tests share two server processes on one PostgreSQL database, started once
 * before them and stopped after; skipped with a notice naming `what` when the run did not select
 * server-postgres (the fleet needs its database).
 */
export function describeOnPostgresFleet(title: string, what: string, body: (fleet: () => ServerFleet) => void): void {
  const postgres = targets().some((target) => target.name === 'server-postgres');
  if (!postgres) console.warn(`\n[conformance] NOTICE: ${what} is SKIPPED: the run did not select server-postgres.\n`);
  (postgres ? describe : describe.skip)(title, () => {
    let fleet: ServerFleet | undefined;
    beforeAll(async () => {
      fleet = await startServerFleet('postgres', 2);
    }, 180_000);
    afterAll(async () => {
      await fleet?.stop();
    }, 60_000);
    body(() => {
      if (!fleet) throw new Error('the PostgreSQL fleet did not start');
      return fleet;
    });
  });
}
