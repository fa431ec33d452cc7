import { createServer, request as send, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, readBody } from './read-body';

function request(chunks: string[], headers: Record<string, string> = {}): IncomingMessage {
  return Object.assign(Readable.from(chunks.map((c) => Buffer.from(c))), { headers }) as unknown as IncomingMessage;
}

describe('readBody', () => {
  it('reads every chunk', async () => {
    expect((await readBody(request(['<a>', '</a>']), 10)).toString()).toBe('<a></a>');
  });

  it('refuses a declared length over the limit before reading', async () => {
    await expect(readBody(request([], { 'content-length': '11' }), 10)).rejects.toMatchObject({ code: 'too_large' });
  });

  it('refuses an undeclared body at the first byte past the limit, and stops reading', async () => {
    let produced = 0;
    // An endless body: only stopping at the limit lets this test finish.
    const endless = new Readable({
      read() {
        produced += 1;
        this.push(Buffer.from('12345'));
      },
    });
    const req = Object.assign(endless, { headers: {} }) as unknown as IncomingMessage;
    await expect(readBody(req, 10)).rejects.toMatchObject({
      code: 'too_large',
      message: 'Request body is too large (maximum is 10 bytes)',
    });
    expect(req.readableEnded).toBe(false);
    expect(req.isPaused()).toBe(true);
    const soFar = produced;
    await new Promise((r) => setTimeout(r, 20));
    expect(produced).toBeLessThanOrEqual(soFar + 1);
  });

  it('rejects when the client goes away mid-body', async () => {
    const req = request(['12']);
    const reading = readBody(req, 10);
    req.destroy();
    await expect(reading).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
});

describe('readBody on a real connection', () => {
  /** What readBody gives for a request sent with `method` and `body`, and whether it had to read the stream. */
  async function received(method: string, body?: string) {
    const server = createServer();
    try {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      const arrived = once(server, 'request') as Promise<[IncomingMessage, ServerResponse]>;
      const sent = send({ port, host: '127.0.0.1', method, headers: body === undefined ? {} : { 'content-length': Buffer.byteLength(body) } });
      sent.on('error', () => {});
      sent.end(body);
      const [req, res] = await arrived;
      // As in the app: the body is read after at least one turn of the event loop (the token check).
      await new Promise((r) => setImmediate(r));
      const bytes = await readBody(req, 100);
      const flowing = req.readableFlowing;
      res.end();
      return { text: bytes.toString(), flowing };
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it('answers an empty body at once for a request that has none, without reading the stream', async () => {
    expect(await received('GET')).toEqual({ text: '', flowing: null });
  });

  it('still reads a body that was sent', async () => {
    expect(await received('POST', '<a>1</a>')).toEqual({ text: '<a>1</a>', flowing: true });
  });
});

describe('decodeUtf8', () => {
  it('drops a byte order mark and refuses invalid bytes', () => {
    expect(decodeUtf8(Buffer.from('\uFEFF<a/>'))).toBe('<a/>');
    expect(() => decodeUtf8(Buffer.from([0x3c, 0xff, 0x3e]))).toThrow('Request body is not valid UTF-8');
  });
});
