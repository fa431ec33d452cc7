import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root, where `npm start` and `npm run` are run. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVER_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
export const SERVER_CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (killed after `timeoutMs`) with `env` over the test's environment. */
export function runToEnd(
  command: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<Finished> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, timeout: timeoutMs }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/** `npm` as the test run was started with (npm sets npm_execpath), run on this Node. */
export function npmCommand(): { command: string; prefix: string[] } {
  const npm = process.env.npm_execpath;
  return npm ? { command: process.execPath, prefix: [npm] } : { command: 'npm', prefix: [] };
}
