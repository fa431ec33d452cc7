import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { npmCommand, REPO_ROOT, runToEnd } from './test-processes';

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
    const started = await Promise.race([log.next(/^PIPS listening/), endedEarly]);
    serverPid = Number(started.pid);
    expect(serverPid).not.toBe(child.pid);

    child.kill('SIGTERM');
    await exited;
    await log.next(/^shutdown complete$/);
    // The server is no orphan: it ended with npm rather than running on without it.
    for (let i = 0; alive(serverPid) && i < 1000; i++) await new Promise((r) => setTimeout(r, 10));
    expect(alive(serverPid)).toBe(false);
  });
});

describe('npm run -s pips', () => {
  it('prints only the token, so a script can capture it', { timeout: TIMEOUT }, async () => {
    const finished = await runToEnd(npm.command, [...npm.prefix, 'run', '-s', 'pips', '--', 'token', 'create', '--name', 'script'], {
      DATABASE_URL: 'memory:',
    });
    expect(finished.code).toBe(0);
    expect(finished.stdout).toMatch(/^[A-Za-z0-9_-]{32}\n$/);
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
