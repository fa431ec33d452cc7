import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

interface Spawned {
  child: ChildProcess;
  lines: Array<Record<string, unknown>>;
  /** Resolves with the first log line `match` accepts. */
  waitFor(match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{ match: (l: Record<string, unknown>) => boolean; resolve: (l: Record<string, unknown>) => void }> = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n')) {
      const line = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
      buffer = buffer.slice(nl + 1);
      lines.push(line);
      for (const w of waiters.filter((w) => w.match(line))) w.resolve(line);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    waitFor: (match) =>
      new Promise((resolve) => {
        const seen = lines.find(match);
        if (seen) resolve(seen);
        else waiters.push({ match, resolve });
      }),
  };
}

let spawned: Spawned | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'pips-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
afterEach(() => {
  if (spawned && spawned.child.exitCode === null) spawned.child.kill('SIGKILL');
});

describe('dist/main.js', () => {
  it('exists (run the build first)', () => {
    expect(existsSync(MAIN)).toBe(true);
  });

  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    spawned = start({ PORT: '0', DATA_DIR: dataDir, BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' });
    const startup = await spawned.waitFor((l) => String(l.msg).startsWith('PIPS listening'));
    const url = new URL(String(startup.url));
    expect((await fetch(new URL('/healthz', url))).status).toBe(200);

    // A create whose body arrives in two parts: the request is in flight when the signal comes.
    const body = Buffer.from('<unit><name>Each</name></unit>');
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(new URL('/api/v2/t/unit', url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/xml', 'Content-Length': body.length },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.write(body.subarray(0, 10));
      setTimeout(() => {
        spawned?.child.kill('SIGTERM');
        void spawned?.waitFor((l) => String(l.msg).startsWith('shutting down')).then(() => req.end(body.subarray(10)));
      }, 200);
    });

    const answered = await response;
    expect(answered.status).toBe(200);
    expect(answered.text).toContain('<name>Each</name>');
    expect(await spawned.exited).toBe(0);
    expect(spawned.lines.some((l) => l.msg === 'shutdown complete')).toBe(true);
  });

  it('starts again on the same data directory with the data written before', async () => {
    spawned = start({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const startup = await spawned.waitFor((l) => String(l.msg).startsWith('PIPS listening'));
    expect(String(startup.store)).toBe(`pglite at ${join(dataDir, 'pglite')}`);
    // No BOOTSTRAP_TOKEN this time: the token issued by the first run was kept too.
    const list = await fetch(new URL('/api/v2/t/unit', String(startup.url)));
    expect(list.status).toBe(200);
    expect(await list.text()).toMatch(/<unit>\s*<id>1<\/id>\s*<name>Each<\/name>/);
    spawned.child.kill('SIGTERM');
    expect(await spawned.exited).toBe(0);
  });
});
