import { migrationsList } from './migrations';
import type { Session } from './sql/session';

/** Where the database's schema stands against the migrations this build carries. */
export interface MigrationLevel {
  /** The last migration applied to the database; null when none is. */
  readonly applied: string | null;
  /** Whether `applied` is the newest migration this build knows. */
  readonly newest: boolean;
  /**
   * Whether the schema is older than this build expects (no migration, or a known one before the
   * newest): its statements may name what is not there yet. A name this build does not know is a
   * newer build's (a rolling upgrade), whose migrations only add: not behind.
   */
  readonly behind: boolean;
}

const NAMES = migrationsList.map((m) => m.name);
const NEWEST = NAMES.at(-1);
/** One row by the table's primary key: a probe's cost, whatever the number of migrations. */
const LAST_APPLIED = { text: 'SELECT name FROM mikro_orm_migrations ORDER BY id DESC LIMIT 1', values: [] };

/** `name` (or its absence) against this build's migrations. */
export function levelOf(applied: string | null): MigrationLevel {
  const at = applied === null ? -1 : NAMES.indexOf(applied);
  return { applied, newest: applied === NEWEST, behind: applied === null || (at >= 0 && applied !== NEWEST) };
}

/** The database's migration level, read in one statement. */
export async function readMigrationLevel(reads: Session): Promise<MigrationLevel> {
  const { rows } = await reads.run(LAST_APPLIED);
  const name = rows[0]?.[0];
  return levelOf(typeof name === 'string' ? name : null);
}
