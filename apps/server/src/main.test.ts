import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { pgliteDataDir } from '@pips/store-mikro-orm/test';
import { describe, expect, it } from 'vitest';
import { SERVER_MAIN, startMain } from './test-processes';

describe('dist/main.js', () => {
  it('exists (run the build first)', () => {
    expect(existsSync(SERVER_MAIN)).toBe(true);
  });

  it('finishes a request in flight on SIGTERM, then exits 0', async (test) => {
    // A database with no schema yet: the server migrates it on start.
    const dataDir = await pgliteDataDir('initialised');
    const server = startMain(test, { PORT: '0', DATA_DIR: dataDir, BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' });
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
    const first = startMain(test, { PORT: '0', DATA_DIR: dataDir, BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' });
    const created = await fetch(new URL('/api/v2/t/unit', await first.listening()), {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml' },
      body: '<unit><name>Each</name></unit>',
    });
    expect(created.status).toBe(200);
    first.signal('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startMain(test, { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
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
