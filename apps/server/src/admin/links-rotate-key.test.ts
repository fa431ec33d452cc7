import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteDataDir } from '@pips/store-mikro-orm/test';
import { describe, expect, it, vi } from 'vitest';
import { runToEnd, SERVER_CLI, startMain } from '../test-processes';

const TIMEOUT = 120_000;
const TOKEN = 'rotate-key-token-0123456789abcdef';

describe('pips links rotate-key on the embedded database', () => {
  it('runs in the running server, whose earlier links are refused within a second; stopped, the CLI rotates on its own', { timeout: TIMEOUT }, async (test) => {
    const dataDir = await pgliteDataDir('migrated');
    const env = { DATA_DIR: dataDir, PORT: '0', BOOTSTRAP_TOKEN: TOKEN };
    const pips = (...args: string[]) => runToEnd(process.execPath, [SERVER_CLI, ...args], { DATA_DIR: dataDir });
    const files = await mkdtemp(join(tmpdir(), 'pips-rotate-'));
    test.onTestFinished(() => rm(files, { recursive: true, force: true }));
    const file = join(files, 'notes.txt');
    await writeFile(file, 'notes');

    let server = startMain(test, env);
    let url = await server.listening();
    const api = (path: string, init?: RequestInit) => fetch(new URL(`/api/v2/${TOKEN}${path}`, url), init);
    const vendor = await (await api('/vendor', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<vendor><name>Keys</name></vendor>' })).text();
    const attached = await pips('attach', '--parent', `vendor/${/<id[^>]*>(\d+)<\/id>/.exec(vendor)?.[1]}`, '--title', 'Notes', file);
    expect(attached).toMatchObject({ code: 0, stderr: '' });
    const id = /^attachment (\d+):/.exec(attached.stdout)?.[1];
    const link = async () => /<uri>([^<]*)<\/uri>/.exec(await (await api(`/attachments/${id}/download_uri`)).text())?.[1]?.replace(/&amp;/g, '&') ?? '';
    // On the server running now: a restart on PORT 0 listens elsewhere, and a link names the origin it was made on.
    const status = async (uri: string) => {
      const there = new URL(uri);
      there.host = url.host;
      return (await fetch(there)).status;
    };

    const before = await link();
    expect(await status(before)).toBe(200);
    // The server holds the database: the command can only have run through its socket.
    expect(await pips('links', 'rotate-key')).toEqual({
      code: 0,
      stdout: 'rotated the download link key: every link handed out before is refused by every server within 1000 ms\n',
      stderr: '',
    });
    await vi.waitFor(async () => expect(await status(before)).toBe(403), { timeout: 15_000, interval: 200 });
    const after = await link();
    expect(await status(after)).toBe(200);

    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await pips('links', 'rotate-key')).toMatchObject({ code: 0, stderr: '' });
    server = startMain(test, env);
    url = await server.listening();
    expect(await status(after)).toBe(403);
    expect(await status(before)).toBe(403);
    expect(await status(await link())).toBe(200);
  });
});
