import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { pgliteDataDir } from '@pips/store-mikro-orm/test';
import { describe, expect, it, type TestContext } from 'vitest';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

type Line = Record<string, unknown>;

interface Spawned {
  lines: Line[];
  /** Resolves with the first log line `match` accepts; rejects when the process ends without one. */
  waitFor(match: (line: Line) => boolean): Promise<Line>;
  /** The URL of the start-up line. */
  listening(): Promise<URL>;
  signal(signal: NodeJS.Signals): void;
  /** The exit code, once the process has ended and its output is read. */
  exited: Promise<number | null>;
}

/**
 * Starts dist/main.js for the test; when the test ends, however it ends, a process still running
 * is killed and awaited. A test that timed out starts nothing more (its body may run on).
 */
function start(test: TestContext, env: Record<string, string>): Spawned {
  test.signal.throwIfAborted();
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  test.onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
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
    lines,
    exited,
    waitFor,
    listening: async () => new URL(String((await waitFor((l) => String(l.msg).startsWith('PIPS listening'))).url)),
    signal: (signal) => void child.kill(signal),
  };
}

describe('dist/main.js', () => {
  it('exists (run the build first)', () => {
    expect(existsSync(MAIN)).toBe(true);
  });

  it('finishes a request in flight on SIGTERM, then exits 0', async (test) => {
    // A database with no schema yet: the server migrates it on start.
    const dataDir = await pgliteDataDir('initialised');
    const server = start(test, { PORT: '0', DATA_DIR: dataDir, BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' });
    const url = await server.listening();
    expect((await fetch(new URL('/healthz', url))).status).toBe(200);

    // A create whose body arrives in two parts. The server answers `100 Continue` once it has the
    // request, so the signal comes while the request is in flight.
    const body = Buffer.from('<unit><name>Each</name></unit>');
    const req = request(new URL('/api/v2/t/unit', url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml', 'Content-Length': body.length, Expect: '100-continue' },
    });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
    });
    req.flushHeaders();
    await once(req, 'continue');
    req.write(body.subarray(0, 10));
    server.signal('SIGTERM');
    await server.waitFor((l) => String(l.msg).startsWith('shutting down'));
    req.end(body.subarray(10));

    const answered = await response;
    expect(answered.status).toBe(200);
    expect(answered.text).toContain('<name>Each</name>');
    expect(await server.exited).toBe(0);
    expect(server.lines.some((l) => l.msg === 'shutdown complete')).toBe(true);
  });

  it('starts again on the same data directory with the data written before', async (test) => {
    const dataDir = await pgliteDataDir('migrated');
    const first = start(test, { PORT: '0', DATA_DIR: dataDir, BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' });
    const created = await fetch(new URL('/api/v2/t/unit', await first.listening()), {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml' },
      body: '<unit><name>Each</name></unit>',
    });
    expect(created.status).toBe(200);
    first.signal('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start(test, { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const startup = await second.waitFor((l) => String(l.msg).startsWith('PIPS listening'));
    expect(String(startup.store)).toBe(`pglite at ${join(dataDir, 'pglite')}`);
    // No BOOTSTRAP_TOKEN this time: the token issued by the first run was kept too.
    const list = await fetch(new URL('/api/v2/t/unit', String(startup.url)));
    expect(list.status).toBe(200);
    expect(await list.text()).toMatch(/<unit>\s*<id>1<\/id>\s*<name>Each<\/name>/);
    second.signal('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
