import { basename } from 'node:path';
import { run, type RunOptions, type RunResult } from './run-command';

/**
 * What `npm run`/`npm test` and vitest put in the environment of this process: the root
 * package's name and scripts, the workspace it ran in, the test worker. A nested npm or vitest
 * in a scratch project must not take any of it for its own.
 */
const INHERITED = /^(npm_package_|npm_lifecycle_|npm_config_local_prefix$|npm_config_workspaces?$|npm_config_include_workspace_root$|npm_command$|INIT_CWD$|VITEST|TEST$|NODE_ENV$)/;

/** The environment for a command run in a scratch project: the user's, less what belongs to this run. */
export function scratchEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([key]) => !INHERITED.test(key));
  return { ...Object.fromEntries(kept), ...extra };
}

/** npm's own CLI on this process's Node when npm started us; else `npm` from the PATH. */
function npmCommand(): [string, string[]] {
  const cli = process.env.npm_execpath;
  return cli && basename(cli).startsWith('npm-cli') ? [process.execPath, [cli]] : ['npm', []];
}

export function npm(args: readonly string[], options: RunOptions): Promise<RunResult> {
  const [command, prefix] = npmCommand();
  return run(command, [...prefix, ...args], options);
}
