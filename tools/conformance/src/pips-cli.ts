import { run, SERVER_CLI } from './processes';
import type { Target } from './targets';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `npm run pips -- ARGS` (the built CLI) on a server target's store while the server
 * serves it, as an operator would. The harness has no CLI: its data comes in through `/__harness/`.
 */
export function runPips(target: Pick<Target, 'cliEnv'> & { name?: string }, args: readonly string[]): Promise<CliResult> {
  if (!target.cliEnv) throw new Error(`target ${target.name ?? ''} has no CLI: load its data through its control routes`);
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...target.cliEnv };
  if (!target.cliEnv.DATABASE_URL) delete env.DATABASE_URL;
  return run(process.execPath, [SERVER_CLI, ...args], env);
}
