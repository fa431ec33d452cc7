import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureToken, type Clock } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { createApp } from './create-app';
import { serve, type TestClient } from './test-client';

let client: TestClient;

beforeAll(async () => {
  const store = createMemoryStore();
  const clock: Clock = { now: () => new Date('2025-01-01T00:00:00Z') };
  await ensureToken({ store, clock }, 'secret', 'test');
  client = await serve(createApp({ store, clock, timezone: 'UTC', maxBodyBytes: 4096 }));
});
afterAll(() => client.close());

interface Outcome {
  status: number;
  connection: string | undefined;
  body: string;
  bytesSent: number;
  socketClosed: Promise<void>;
}

/** Streams a chunked body of `total` bytes (as fast as the server takes it) and reports the answer. */
function upload(url: string, total: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    const req = request(url, { method: 'POST', headers: { 'Content-Type': 'application/xml' } });
    const socketClosed = new Promise<void>((closed) => req.once('close', () => closed()));
    // The server may close while we are still writing: that is the point, not a failure.
    req.on('error', () => {});
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body, bytesSent, socketClosed }),
      );
      res.on('error', reject);
    });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (bytesSent < total && !req.destroyed) {
        bytesSent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!req.destroyed) req.end();
    };
    req.write('<unit><name>');
    pump();
  });
}

describe('a body over the limit', () => {
  it('gets its 413 quickly, with Connection: close, and the socket is closed without reading the rest', async () => {
    const started = performance.now();
    const outcome = await upload(`${client.url}/api/v2/secret/unit`, 512 * 1024 * 1024);
    expect(outcome.status).toBe(413);
    expect(outcome.connection).toBe('close');
    expect(outcome.body).toContain('<message>Request body is too large (maximum is 4096 bytes)</message>');
    await outcome.socketClosed;
    expect(performance.now() - started).toBeLessThan(3000);
    // Far less than the half gigabyte offered: the server stopped reading at the limit.
    expect(outcome.bytesSent).toBeLessThan(64 * 1024 * 1024);
  });

  it('declared in Content-Length is refused before reading, and the connection is closed', async () => {
    const res = await client.request('POST', '/api/v2/secret/unit', 'x'.repeat(5000), { 'Content-Type': 'application/xml' });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
  });
});
