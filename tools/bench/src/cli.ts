import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './processes';

const run = promisify(execFile);

/**
 * Runs the built CLI (`pips …`) on an engine's data, as an operator would: `env` names that data
 * as the server's (DATA_DIR or DATABASE_URL). Answers what it printed.
 */
export async function runCli(env: NodeJS.ProcessEnv, args: readonly string[]): Promise<string> {
  // Only the engine's own setting: a DATABASE_URL inherited from the shell must not redirect an embedded run.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const { stdout } = await run(process.execPath, [join(repoRoot, 'apps', 'server', 'dist', 'cli.js'), ...args], { env: { ...inherited, ...env } });
  return stdout;
}

/** `pips db vacuum` (every table vacuumed and analysed), what an operator runs after a large import: the line it printed. */
export async function vacuumThroughCli(env: NodeJS.ProcessEnv): Promise<string> {
  return (await runCli(env, ['db', 'vacuum'])).trim();
}
