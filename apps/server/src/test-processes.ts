import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestContext } from 'vitest';

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

/** Runs one statement with psql; answers what it printed, trimmed. */
export async function psql(url: string, sql: string): Promise<string> {
  const done = await runToEnd('psql', [url, '-qAt', '-v', 'ON_ERROR_STOP=1', '-c', sql], {});
  if (done.code !== 0) throw new Error(`psql failed: ${done.stderr}`);
  return done.stdout.trim();
}

/** A new, empty database of this run's family (`<run db>_t_<label>_…`), dropped when the test finishes. */
export async function freshDatabase(test: TestContext, adminUrl: string, label: string): Promise<string> {
  const url = new URL(adminUrl);
  const base = decodeURIComponent(url.pathname.slice(1)) || 'postgres';
  const name = `${base.slice(0, 40)}_t_${label}_${randomBytes(4).toString('hex')}`;
  await psql(adminUrl, `create database "${name}"`);
  const drop = async () => void (await psql(adminUrl, `drop database if exists "${name}" with (force)`));
  test.onTestFinished(drop, 60_000);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `npm` as the test run was started with (npm sets npm_execpath), run on this Node. */
export function npmCommand(): { command: string; prefix: string[] } {
  const npm = process.env.npm_execpath;
  return npm ? { command: process.execPath, prefix: [npm] } : { command: 'npm', prefix: [] };
}

export type Line = Record<string, unknown>;

export interface Spawned {
  pid: number;
  lines: Line[];
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the first log line `match` accepts; rejects when the process ends without one. */
  waitFor(match: (line: Line) => boolean): Promise<Line>;
  /** The URL of the start-up line. */
  listening(): Promise<URL>;
  signal(signal: NodeJS.Signals): void;
  /** The exit code, once the process has ended and its output is read. */
  exited: Promise<number | null>;
}

/**
 * `node SCRIPT ARGS…`, or the same under `umask` (a shell sets it, then becomes node), as a
 * command and its arguments.
 */
export function nodeCommand(script: string, args: readonly string[] = [], umask?: string): [string, string[]] {
  if (umask === undefined) return [process.execPath, [script, ...args]];
  if (!/^[0-7]{3,4}$/.test(umask)) throw new Error(`not a umask: ${umask}`);
  return ['/bin/sh', ['-c', `umask ${umask} && exec "$0" "$@"`, process.execPath, script, ...args]];
}

/**
 * Starts dist/main.js for the test (under `umask` when given); when the test ends, however it
 * ends, a process still running is killed and awaited, and so are its children (a cluster's
 * workers). A test that timed out starts nothing more (its body may run on).
 */
export function startMain(test: TestContext, env: Record<string, string>, options: { umask?: string } = {}): Spawned {
  test.signal.throwIfAborted();
  const [command, args] = nodeCommand(SERVER_MAIN, [], options.umask);
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  test.onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const children = child.pid === undefined ? [] : childPids(child.pid);
      child.kill('SIGKILL');
      for (const pid of children) killQuietly(pid);
    }
    await exited;
  });
  const lines: Line[] = [];
  const waiters: Array<{ match: (l: Line) => boolean; resolve: (l: Line) => void }> = [];
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (let nl = stdout.indexOf('\n'); nl !== -1; nl = stdout.indexOf('\n')) {
      const text = stdout.slice(0, nl);
      stdout = stdout.slice(nl + 1);
      let line: Line;
      try {
        line = JSON.parse(text) as Line;
      } catch {
        line = { msg: text };
      }
      lines.push(line);
      for (const w of waiters.filter((w) => w.match(line))) w.resolve(line);
    }
  });
  const waitFor = (match: (line: Line) => boolean) =>
    new Promise<Line>((resolve, reject) => {
      const seen = lines.find(match);
      if (seen) return resolve(seen);
      waiters.push({ match, resolve });
      void exited.then((code) => reject(new Error(`dist/main.js exited (${code}) first; stderr:\n${stderr}`)));
    });
  return {
    pid: child.pid ?? 0,
    lines,
    stderr: () => stderr,
    exited,
    waitFor,
    listening: async () => new URL(String((await waitFor((l) => String(l.msg).startsWith('PIPS listening'))).url)),
    signal: (signal) => void child.kill(signal),
  };
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The live (not yet reaped) children of `parent`, read from /proc, in pid order. */
export function childPids(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // `pid (comm) state ppid …`: the command may hold spaces and parentheses, so read after the last `)`.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(ppid) === parent && state !== 'Z') pids.push(Number(entry));
  }
  return pids.sort((a, b) => a - b);
}

/** Whether a process with this id exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
