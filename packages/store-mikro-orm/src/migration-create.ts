// `npm run migration:create -- NAME` runs this (built to dist/): the next migration from the entities.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationCreateCommand } from './migration-create-command';

// The committed migrations, in src beside dist.
const dir = fileURLToPath(new URL('../src/migrations', import.meta.url));
// npm runs the script in this package; the path is shown from where it was called.
const from = process.env.INIT_CWD ?? process.cwd();
process.exitCode = await migrationCreateCommand(
  process.argv.slice(2),
  dir,
  (file) => console.log(relative(from, file)),
  (line) => console.error(line),
);
