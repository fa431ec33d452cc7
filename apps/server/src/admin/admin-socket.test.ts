import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { createFakeStore } from '@pips/domain/test';
import { createMemoryBlobStore } from '@pips/store-memory';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createLogger } from '../logger';
import { AdminFailure, type AdminOperation } from './admin-operation';
import { callServer } from './admin-client';
import { adminServices } from './admin-services';
import { listenAdminSocket } from './admin-socket';

/** Reads its whole input and says how many bytes came and what it was asked. */
const count: AdminOperation = {
  name: 'count',
  async run(_services, args, input) {
    let bytes = 0;
    for await (const chunk of input) bytes += chunk.byteLength;
    return { out: `${bytes} bytes for ${args.who ?? 'nobody'}\n` };
  },
};
const refuse: AdminOperation = {
  name: 'refuse',
  run: () => Promise.reject(new AdminFailure(['line 1: first problem', 'line 2: second problem'])),
};

async function scratch() {
  const dir = await mkdtemp(join(tmpdir(), 'pips-admin-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function listening(dir: string) {
  const path = join(dir, 'admin.sock');
  const services = adminServices({ store: createFakeStore(), blobs: createMemoryBlobStore() }, { siteCurrency: 'USD', siteTimezone: 'UTC' });
  const operations = new Map([count, refuse].map((operation) => [operation.name, operation]));
  const listener = await listenAdminSocket(path, services, createLogger('silent'), operations);
  return { path, listener };
}

describe('the CLI operations socket', () => {
  it('runs an operation on a streamed file and answers what it printed', async () => {
    const dir = await scratch();
    const { path, listener } = await listening(dir);
    onTestFinished(() => listener.close());
    const file = join(dir, 'input.bin');
    await writeFile(file, Buffer.alloc(3 * 1024 * 1024, 7));
    expect(await callServer(path, 'count', { who: 'Zoë & co' }, createReadStream(file))).toEqual({ exitCode: 0, out: `${3 * 1024 * 1024} bytes for Zoë & co\n`, err: '' });
    expect(await callServer(path, 'count', {}, null)).toEqual({ exitCode: 0, out: '0 bytes for nobody\n', err: '' });
  });

  it('answers a refusal line by line, and an unknown operation as an error', async () => {
    const dir = await scratch();
    const { path, listener } = await listening(dir);
    onTestFinished(() => listener.close());
    expect(await callServer(path, 'refuse', {}, null)).toEqual({ exitCode: 1, out: '', err: 'line 1: first problem\nline 2: second problem\n' });
    const unknown = await callServer(path, 'nothing-here', {}, null);
    expect(unknown?.exitCode).toBe(1);
    expect(unknown?.err).toContain('no operation /nothing-here');
  });

  it('takes over a dead server’s socket file, and is gone once closed', async () => {
    const dir = await scratch();
    await writeFile(join(dir, 'admin.sock'), 'left by a crash');
    const { path, listener } = await listening(dir);
    expect((await callServer(path, 'count', {}, null))?.exitCode).toBe(0);
    await listener.close();
    expect(existsSync(path)).toBe(false);
    expect(await callServer(path, 'count', {}, null)).toBeNull();
  });

  it('answers options that did not arrive whole as a refusal, and keeps serving', async () => {
    const dir = await scratch();
    const { path, listener } = await listening(dir);
    onTestFinished(() => listener.close());
    const reply = await new Promise<string>((done, fail) => {
      const call = request({ socketPath: path, agent: false, path: '/count', method: 'POST', headers: { 'x-pips-args': '%E0%A4%A' } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => done(text));
      });
      call.on('error', fail);
      call.end();
    });
    expect(JSON.parse(reply)).toEqual({ exitCode: 1, out: '', err: "error: the command's options did not arrive whole\n" });
    expect(await callServer(path, 'count', {}, null)).toMatchObject({ exitCode: 0 });
  });

  it('turns an answer that is no reply into one line', async () => {
    const dir = await scratch();
    const path = join(dir, 'admin.sock');
    const impostor = createServer((_request, response) => response.writeHead(431, 'Request Header Fields Too Large').end('<html>no</html>'));
    await new Promise<void>((done) => impostor.listen(path, done));
    onTestFinished(() => new Promise<void>((done) => impostor.close(() => done())));
    await expect(callServer(path, 'count', {}, null)).rejects.toMatchObject({ lines: ['error: the running server refused the command (431 Request Header Fields Too Large)'] });
  });
});
