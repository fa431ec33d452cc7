import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Child processes of the server targets: the built server and CLI, psql, readiness, shutdown. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVER_MAIN = join(REPO_ROOT, 'apps/server/dist/main.js');
export const SERVER_CLI = join(REPO_ROOT, 'apps/server/dist/cli.js');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

export async function createCliToken(
  env: NodeJS.ProcessEnv,
  name: string,
  permissions: readonly string[],
  options: { readOnly?: boolean } = {},
): Promise<string> {
  const args = [SERVER_CLI, 'token', 'create', '--name', name, ...permissions.flatMap((p) => ['--permission', p]), ...(options.readOnly ? ['--read-only'] : [])];
  const { stdout, stderr, code } = await run(process.execPath, args, env);
  const token = stdout.trim();
  if (code !== 0 || !token || /\s/.test(token)) {
    throw new Error(
      `\`node ${args.join(' ')}\` exited ${code}; expected only the token on stdout.\nstdout: ${stdout}\nstderr: ${stderr}`,
    );
  }
  return token;
}

export async function psql(url: string, sql: string): Promise<void> {
  const { code, stdout, stderr } = await run('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], process.env);
  if (code !== 0) throw new Error(`psql failed (${code}) on: ${sql}\n${stdout}${stderr}`);
}

export function run(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: REPO_ROOT, env, timeout: READY_TIMEOUT_MS }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') {
        reject(new Error(`cannot run ${command}: ${error.message}\n${stderr}`));
        return;
      }
      resolve({ code: error ? Number(error.code) : 0, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Keeps the last 64 KiB of a child's output, for error messages. */
export function captureOutput(child: ChildProcess): () => string {
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-65536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

export async function waitReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `GET /readyz answered ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} not ready after ${READY_TIMEOUT_MS} ms (${last}):\n${output()}`);
}

/** A running `apps/server/dist/main.js`: where it listens, what it printed, how to stop it. */
export interface ServerProcess {
  /** `http://HOST:PORT`, without a trailing slash. */
  readonly url: string;
  /** Its process id, to read what it uses (`/proc/<pid>/status`). */
  readonly pid: number;
  /** The last 64 KiB of its stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built server with exactly `env` (HOST and PORT among it) and waits until /readyz
 * answers 200; a server that is not ready in time is stopped again. If the run dies without its
 * teardown, the server is killed with it.
 */
export async function spawnServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const server = spawn(process.execPath, [SERVER_MAIN], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);
  server.once('exit', () => process.off('exit', killOnExit));
  const output = captureOutput(server);
  const url = `http://${env.HOST ?? '127.0.0.1'}:${env.PORT}`;
  try {
    await waitReady(url, server, output);
  } catch (error) {
    await stopProcess(server).catch(() => undefined);
    throw error;
  }
  return { url, pid: server.pid!, output, stop: () => stopProcess(server) };
}

/** SIGTERM, then SIGKILL when it has not exited within STOP_TIMEOUT_MS. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref());
  if ((await Promise.race([exited, timer])) === 'timeout') {
    console.warn(`[conformance] server pid ${child.pid} ignored SIGTERM for ${STOP_TIMEOUT_MS} ms; sending SIGKILL`);
    child.kill('SIGKILL');
    await exited;
  }
}
