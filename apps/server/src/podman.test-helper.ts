import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { REPO_ROOT, runToEnd } from './test-processes';

interface Tool {
  path: string;
  pkg: string;
}

/** Debian's tools the image test needs, by the path Debian installs each at, and its package. */
const TOOLS: readonly Tool[] = [
  { path: '/usr/bin/podman', pkg: 'podman' },
  { path: '/usr/sbin/runc', pkg: 'runc' },
  { path: '/usr/sbin/debootstrap', pkg: 'debootstrap' },
];
/** What the compose test needs beside them. */
export const PODMAN_COMPOSE: Tool = { path: '/usr/bin/podman-compose', pkg: 'podman-compose' };

/**
 * Installs Debian's podman, runc and debootstrap (and `more`) when one is missing and this runs as
 * root; otherwise fails saying how to get them, rather than letting the image test pass unseen.
 */
export function ensurePodman(more: readonly Tool[] = []): void {
  const tools = [...TOOLS, ...more];
  const missing = tools.filter((tool) => !existsSync(tool.path)).map((tool) => tool.pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${missing.join(', ')} missing and only root can install them: run \`apt-get install -y ${missing.join(' ')}\` first`);
  }
  const apt = (...args: string[]) => execFileSync('apt-get', args, { stdio: 'pipe', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  try {
    apt('install', '-y', ...missing);
  } catch {
    // A machine that never read the package lists finds nothing to install.
    apt('update');
    apt('install', '-y', ...missing);
  }
  const still = tools.filter((tool) => !existsSync(tool.path));
  if (still.length > 0) throw new Error(`apt-get ran but ${still.map((tool) => tool.path).join(', ')} still missing`);
}

// crun, podman's default runtime, refuses hybrid cgroup hosts that runc accepts; runc is installed
// with it above, and naming it works on every host.
const GLOBAL = ['--runtime', 'runc'];
/** Limits set explicitly: some hosts refuse the ones podman would copy from its own process. */
export const RUN_LIMITS = ['--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024'];

export interface PodmanResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `podman ARGS…` to its end; answers its exit code and output, whatever the code. */
export function podmanResult(args: readonly string[], timeoutMs = 120_000): Promise<PodmanResult> {
  return new Promise((resolve) => {
    execFile('podman', [...GLOBAL, ...args], { timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/** Runs `podman ARGS…`; answers its stdout, trimmed, or throws with the end of what it said. */
export async function podman(args: readonly string[], timeoutMs?: number): Promise<string> {
  const done = await podmanResult(args, timeoutMs);
  if (done.code !== 0) {
    throw new Error(`podman ${args.slice(0, 2).join(' ')} exited ${done.code}:\n${`${done.stdout}\n${done.stderr}`.slice(-4000)}`);
  }
  return done.stdout.trim();
}

/** npm's `cafile` as the machine's npm reads it, if any (`null` when unset). */
function npmCafile(): string | undefined {
  try {
    // Outside the repository (in a workspace's folder npm refuses `config`), and on the machine's
    // Node: npm finds its global npmrc from the Node it runs on, and the project's has none.
    const npm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
    const path = (process.env.PATH ?? '').split(':').filter((dir) => !dir.includes('node_modules')).join(':');
    return execFileSync(npm, ['config', 'get', 'cafile'], { encoding: 'utf8', cwd: tmpdir(), env: { ...process.env, PATH: path } }).trim();
  } catch {
    return undefined;
  }
}

/**
 * Build options that let `npm ci` inside the build trust what the machine trusts: a machine behind
 * a proxy that re-signs TLS names its CA file in npm's `cafile` or in Node's NODE_EXTRA_CA_CERTS;
 * that file is mounted into the build and named.
 */
export function npmCaBuildArgs(): string[] {
  const cafile = [npmCafile(), process.env.NODE_EXTRA_CA_CERTS].find((file) => file && file !== 'null' && existsSync(file));
  if (!cafile) return [];
  return ['--volume', `${cafile}:/run/pips-build-ca.crt:ro`, '--build-arg', 'NPM_CONFIG_CAFILE=/run/pips-build-ca.crt'];
}

/**
 * The image to build on: `given` (an image with the Node the project pins) or one made here from
 * Debian's packages with container/base-image.sh, named after `id` and added to `made`.
 */
export async function baseImage(id: string, given: string | undefined, made: string[]): Promise<string> {
  if (given) return given;
  const base = `localhost/pips-test-base-${id}`;
  made.push(base);
  const done = await runToEnd(join(REPO_ROOT, 'container/base-image.sh'), [base], {}, 20 * 60_000);
  expect(done.code, done.stderr.slice(-4000)).toBe(0);
  return base;
}
