import { createReadStream, existsSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { openInTest, pgliteDataDir } from '@pips/store-mikro-orm/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callServer } from './admin/admin-client';
import { adminSocketPath } from './admin/admin-socket-path';
import { readConfig } from './config';
import { NO_TOKEN_HINT, startServer, type RunningServer } from './start-server';

/** A pino destination that keeps each JSON line it is given. */
function lineSink(): { lines: Array<Record<string, unknown>>; sink: Writable } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, sink };
}

const { lines, sink } = lineSink();
let running: RunningServer;

beforeAll(async () => {
  const config = readConfig({ PORT: '0', DATABASE_URL: 'memory:', BOOTSTRAP_TOKEN: 'boot', SITE_TIMEZONE: 'Asia/Kolkata' });
  running = await startServer(config, { logger: pino({ level: 'info' }, sink) });
});
afterAll(() => running.close());

describe('startServer', () => {
  it('logs one start-up line naming the URL and the store', () => {
    const startup = lines.filter((l) => String(l.msg).startsWith('PIPS listening'));
    expect(startup).toHaveLength(1);
    expect(startup[0]).toMatchObject({ url: running.url, store: 'memory (nothing is kept after the process ends)' });
  });

  it('says nothing of tokens when the bootstrap token exists', () => {
    expect(lines.filter((l) => l.msg === NO_TOKEN_HINT)).toEqual([]);
  });

  it('says how to make a token when none exists yet', async () => {
    const { lines: seen, sink: out } = lineSink();
    const bare = await startServer(readConfig({ PORT: '0', DATABASE_URL: 'memory:' }), { logger: pino(out) });
    await bare.close();
    expect(seen.filter((l) => l.msg === NO_TOKEN_HINT)).toMatchObject([{ level: 40 }]);
    expect(NO_TOKEN_HINT).toContain('npm run -s pips -- token create --name NAME');
  });

  it('as a cluster worker, leaves the start-up line and the tokens to the primary', async () => {
    const { lines: seen, sink: out } = lineSink();
    const worker = await startServer(readConfig({ PORT: '0', DATABASE_URL: 'memory:', BOOTSTRAP_TOKEN: 'boot' }), {
      logger: pino(out),
      worker: true,
    });
    expect((await fetch(`${worker.url}/api/v2/boot/unit`)).status).toBe(401);
    await worker.close();
    expect(seen.map((l) => l.msg)).toEqual(['worker listening', 'request']);
    expect(seen[0]).toMatchObject({ url: worker.url });
  });

  it('serves health probes', async () => {
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
  });

  it('accepts the bootstrap token with every permission', async () => {
    const res = await fetch(`${running.url}/api/v2/boot/inventory_location`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml' },
      body: '<inventory_location><name>Main</name></inventory_location>',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<created_on>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0530<\/created_on>/);
    expect((await fetch(`${running.url}/api/v2/other/unit`)).status).toBe(401);
  });

  it('logs requests without the token', async () => {
    await fetch(`${running.url}/api/v2/boot/unit`);
    const request = lines.filter((l) => l.msg === 'request' && l.path === '/api/v2/[token]/unit').at(-1);
    expect(request).toMatchObject({ method: 'GET', status: 200 });
    expect(JSON.stringify(lines)).not.toContain('/boot/');
  });
});

describe('startServer on the embedded database', () => {
  it('names PGlite and its directory in the start-up line', async () => {
    const { lines: logged, sink: out } = lineSink();
    const dataDir = await pgliteDataDir('migrated');
    const server = await openInTest(() => startServer(readConfig({ PORT: '0', DATA_DIR: dataDir }), { logger: pino(out) }));
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    await server.close();
    expect(String(logged[0]?.store)).toBe(`pglite at ${join(dataDir, 'pglite')}`);
  });

  it('takes the CLI’s operations on a socket beside the database while it runs, and removes it on close', async () => {
    const dataDir = await pgliteDataDir('migrated');
    const socket = adminSocketPath(dataDir);
    const server = await openInTest(() => startServer(readConfig({ PORT: '0', DATA_DIR: dataDir }), { logger: pino({ level: 'silent' }) }));
    try {
      expect((await stat(socket)).isSocket()).toBe(true);
      expect((await stat(socket)).mode & 0o777).toBe(0o600);
      const unknown = await callServer(socket, 'no-such-operation', {}, null);
      expect(unknown).toMatchObject({ exitCode: 1 });
    } finally {
      await server.close();
    }
    expect(existsSync(socket)).toBe(false);
    expect(await callServer(socket, 'no-such-operation', {}, null)).toBeNull();
  });
});

describe('attachment links across a restart', () => {
  it('are served by the next server on the same data: the signing key is kept with the data', async () => {
    const dataDir = await pgliteDataDir('migrated');
    const config = readConfig({ PORT: '0', DATA_DIR: dataDir, BOOTSTRAP_TOKEN: 'boot' });
    const silent = { logger: pino({ level: 'silent' }) };
    const first = await openInTest(() => startServer(config, silent));
    let uri: string;
    try {
      const vendor = await fetch(`${first.url}/api/v2/boot/vendor`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<vendor><name>Mouser</name></vendor>' });
      const vendorId = /<id>(\d+)<\/id>/.exec(await vendor.text())![1];
      const file = join(dataDir, 'note.txt');
      await writeFile(file, 'kept across restarts');
      const reply = await callServer(adminSocketPath(dataDir), 'attach', { parent: `vendor/${vendorId}`, title: 'Note', filename: 'note.txt', contentType: 'text/plain' }, createReadStream(file));
      expect(reply).toMatchObject({ exitCode: 0 });
      const link = await (await fetch(`${first.url}/api/v2/boot/attachments/1/download_uri`)).text();
      uri = /<uri>(.*)<\/uri>/.exec(link)![1]!.replace(/&amp;/g, '&');
      expect((await fetch(uri)).status).toBe(200);
    } finally {
      await first.close();
    }
    const second = await openInTest(() => startServer(config, silent));
    try {
      const served = await fetch(uri.replace(first.url, second.url));
      expect(served.status).toBe(200);
      expect(await served.text()).toBe('kept across restarts');
    } finally {
      await second.close();
    }
  });
});

describe('startServer on memory', () => {
  it('opens no CLI socket: the CLI cannot share a memory store', () => {
    expect(existsSync(adminSocketPath(readConfig({ DATABASE_URL: 'memory:' }).dataDir))).toBe(false);
  });
});
