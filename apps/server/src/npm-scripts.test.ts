import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { npmCommand, REPO_ROOT, runToEnd, type Finished } from './test-processes';

// The README's commands, as a user runs them: through npm, from the repository root.
const TIMEOUT = 120_000;
const npm = npmCommand();
let child: ChildProcess | undefined;
let serverPid: number | undefined;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (serverPid !== undefined && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
  child = serverPid = undefined;
});

/** JSON log lines of a child's stdout; npm's own banner lines are skipped. */
function logLines(proc: ChildProcess): { lines: Array<Record<string, unknown>>; next(msg: RegExp): Promise<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{ msg: RegExp; resolve(line: Record<string, unknown>): void }> = [];
  let buffer = '';
  proc.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n')) {
      const text = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as Record<string, unknown>;
      lines.push(line);
      for (const w of waiters.filter((w) => w.msg.test(String(line.msg)))) w.resolve(line);
    }
  });
  return {
    lines,
    next: (msg) =>
      new Promise((resolve) => {
        const seen = lines.find((l) => msg.test(String(l.msg)));
        if (seen) resolve(seen);
        else waiters.push({ msg, resolve });
      }),
  };
}

describe('npm start', () => {
  it('hands a SIGTERM sent to npm to the server, which shuts down and is gone', { timeout: TIMEOUT }, async () => {
    child = spawn(npm.command, [...npm.prefix, 'start'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: 'memory:', PORT: '0', BOOTSTRAP_TOKEN: 'signal-test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = logLines(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');
    // Should npm start end first (a failed build), say so with its output rather than wait out the timeout.
    const endedEarly = exited.then(([code]) => {
      throw new Error(`npm start ended (${String(code)}) before listening:\n${stderr}`);
    });
    endedEarly.catch(() => {}); // after a normal start the exit below is expected
    // Each step has its own deadline, under the test's, so a hang says which step and what was seen.
    const step = <T,>(what: string, ms: number, promise: Promise<T>): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          const seen = log.lines.map((line) => String(line.msg)).join(' | ');
          reject(new Error(`${what}: not within ${ms / 1000} s; log: ${seen || '(none)'}; stderr: ${stderr || '(none)'}`));
        }, ms);
        promise.then(resolve, reject).finally(() => clearTimeout(timer));
      });
    const started = await step('listening', 80_000, Promise.race([log.next(/^PIPS listening/), endedEarly]));
    serverPid = Number(started.pid);
    expect(serverPid).not.toBe(child.pid);
    expect(stderr).not.toContain('• turbo');

    child.kill('SIGTERM');
    await step('npm exiting after SIGTERM', 15_000, exited);
    await step('the server logging its shutdown', 15_000, log.next(/^shutdown complete$/));
    // The server is no orphan: it ended with npm rather than running on without it.
    for (let i = 0; alive(serverPid) && i < 1000; i++) await new Promise((r) => setTimeout(r, 10));
    expect(alive(serverPid)).toBe(false);
  });
});

describe('npm run -s pips', () => {
  it('prints only the token, so a script can capture it; with everything built, nothing else at all', { timeout: TIMEOUT }, async () => {
    const first = await runToEnd(npm.command, [...npm.prefix, 'run', '-s', 'pips', '--', 'token', 'create', '--name', 'script'], { DATABASE_URL: 'memory:' });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^[A-Za-z0-9_-]{32}\n$/);
    // Built or not, turbo says nothing of its own (its `• turbo 2.x` banner went to stderr).
    expect(first.stderr).not.toMatch(/turbo/);
    // Everything is built now: the command's own output and nothing else (the memory store's warning aside, above).
    const again = await runToEnd(npm.command, [...npm.prefix, 'run', '-s', 'pips', '--', 'token', 'list'], { DATABASE_URL: 'memory:' });
    expect(again).toEqual({ code: 0, stdout: 'id\tname\tpermissions\tcreated\trevoked\tscope\n', stderr: '' });
  });
});

describe('npm run -s pips from a folder of the repository', () => {
  it('reads a file named by a relative path from that folder, not from where npm runs the script', { timeout: TIMEOUT }, async () => {
    // docs/guide holds the guide's attachment; the memory store has no part 1, so a file that was
    // found is refused by the domain instead ("cannot read" when looked for in the repository root).
    const attached = await runIn(join(REPO_ROOT, 'docs/guide'), npm.command, [...npm.prefix, 'run', '-s', 'pips', '--', 'attach', '--parent', 'part/1', '--title', 'Notes', 'lm358-notes.txt'], {
      DATABASE_URL: 'memory:',
    });
    expect(attached).toEqual({ code: 1, stdout: '', stderr: 'error: Part must exist\n' });
  });
});

/** Runs a command to its end in `cwd`, with `env` over the test's environment. */
function runIn(cwd: string, command: string, args: readonly string[], env: Record<string, string>): Promise<Finished> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/**
 * A workspace of its own with the repository's `pips` script and build step, and two stand-in
 * packages (`@pips/domain`, and `@pips/server` whose CLI prints its arguments), so a fresh
 * build is seconds, not the real packages' minutes.
 */
async function standInWorkspace(): Promise<{ dir: string; run(...args: string[]): Promise<Finished> }> {
  const dir = await mkdtemp(join(tmpdir(), 'pips-build-step-'));
  const root = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { pips: string }; packageManager: string };
  const write = async (path: string, text: string) => {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  };
  const build = 'node -e "require(\'fs\').cpSync(\'src\', \'dist\', { recursive: true })"';
  const { packageManager, scripts } = root;
  await write('package.json', JSON.stringify({ name: 'stand-in', private: true, workspaces: ['apps/*', 'packages/*'], packageManager, scripts: { pips: scripts.pips } }));
  await write('turbo.json', JSON.stringify({ tasks: { build: { dependsOn: ['^build'], inputs: ['src/**', 'package.json'], outputs: ['dist/**'] } } }));
  await write('scripts/build.mjs', await readFile(join(REPO_ROOT, 'scripts/build.mjs'), 'utf8'));
  await write('packages/domain/package.json', JSON.stringify({ name: '@pips/domain', version: '0.0.0', scripts: { build } }));
  await write('packages/domain/src/index.js', 'export {};\n');
  await write('apps/server/package.json', JSON.stringify({ name: '@pips/server', version: '0.0.0', dependencies: { '@pips/domain': '0.0.0' }, scripts: { build } }));
  await write('apps/server/src/cli.js', "console.log(process.argv.slice(2).join(' '));\n");
  // The repository's node_modules/.bin gives the script its Node and turbo, as `npm run` does at home.
  const env = { PATH: `${join(REPO_ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` };
  const run = (...args: string[]) => runIn(dir, npm.command, [...npm.prefix, ...args], env);
  const installed = await run('install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts');
  if (installed.code !== 0) throw new Error(`npm install in the stand-in workspace failed:\n${installed.stderr}`);
  // turbo installed in the workspace, as it is in the repository (else it warns that it runs a global one).
  await symlink(join(REPO_ROOT, 'node_modules/turbo'), join(dir, 'node_modules/turbo'));
  return { dir, run };
}

describe('the build step of npm start, pips, harness and bench', () => {
  let workspace: { dir: string; run(...args: string[]): Promise<Finished> } | undefined;
  afterEach(async () => {
    if (workspace) await rm(workspace.dir, { recursive: true, force: true });
    workspace = undefined;
  });

  it('says on stderr what it builds and how far, never shows turbo, and keeps stdout for the CLI; once built it says nothing', { timeout: TIMEOUT }, async () => {
    workspace = await standInWorkspace();
    const fresh = await workspace.run('run', '-s', 'pips', '--', 'token', 'create');
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stdout).toBe('token create\n');
    expect(fresh.stderr.split('\n')).toEqual([
      'building @pips/server and what it needs (2 packages); once after a clone or a change, later runs reuse it',
      '  [1/2] @pips/domain',
      '  [2/2] @pips/server',
      expect.stringMatching(/^built 2 of 2 packages in \d+ s$/),
      '',
    ]);

    const cached = await workspace.run('run', '-s', 'pips', '--', 'token', 'list');
    expect(cached).toEqual({ code: 0, stdout: 'token list\n', stderr: '' });

    await writeFile(join(workspace.dir, 'apps/server/src/cli.js'), "console.log('changed');\n");
    const changed = await workspace.run('run', '-s', 'pips', '--', 'token', 'list');
    expect(changed.stdout).toBe('changed\n');
    expect(changed.stderr).toMatch(/^building @pips\/server and what it needs \(2 packages\);.*\n {2}\[2\/2\] @pips\/server\nbuilt 1 of 2 packages in \d+ s\n$/);
  });

  it('shows the output of a package that fails to build and stops there, printing nothing on stdout', { timeout: TIMEOUT }, async () => {
    workspace = await standInWorkspace();
    const broken = JSON.stringify({ name: '@pips/domain', version: '0.0.0', scripts: { build: 'node -e "console.error(\'domain: type error in index.ts\'); process.exit(2)"' } });
    await writeFile(join(workspace.dir, 'packages/domain/package.json'), broken);
    const failed = await workspace.run('run', '-s', 'pips', '--', 'token', 'list');
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain('Failed:    @pips/domain#build');
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toContain('@pips/domain:build: domain: type error in index.ts');
    expect(failed.stderr).toMatch(/build failed \(turbo exited 2\)\n$/);
    expect(failed.stderr).not.toContain('• turbo');
  });
});

describe('npm run migration:create', () => {
  it('answers a missing NAME with the usage line and status 1', { timeout: TIMEOUT }, async () => {
    const finished = await runToEnd(npm.command, [...npm.prefix, 'run', '-s', 'migration:create'], {});
    expect(finished.code).toBe(1);
    expect(finished.stdout).toBe('');
    expect(finished.stderr).toMatch(/^usage: npm run migration:create -- NAME/m);
  });
});
