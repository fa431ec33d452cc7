import { createMigration, MigrationCreateRefusal } from './create-migration';
import { isMigrationName } from './migration-source';

export const MIGRATION_CREATE_USAGE = 'usage: npm run migration:create -- NAME   (lowercase words and digits joined by hyphens, e.g. add-part-table)';

/** `migration:create NAME` on `args`: the new file's path on `out`, a refusal in one line on `err`; returns the exit status. */
export async function migrationCreateCommand(
  args: readonly string[],
  dir: string,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || rest.length > 0 || !isMigrationName(name)) {
    err(MIGRATION_CREATE_USAGE);
    return 1;
  }
  try {
    const created = await createMigration({ name, dir });
    out(created.file);
    return 0;
  } catch (error) {
    if (!(error instanceof MigrationCreateRefusal)) throw error;
    err(`error: ${error.message}`);
    return 1;
  }
}
