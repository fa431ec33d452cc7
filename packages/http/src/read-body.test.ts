import type { IncomingMessage } from 'node:http';
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

  it('refuses an undeclared body once it passes the limit, after draining it', async () => {
    const req = request(['12345', '67890', 'x', 'more']);
    await expect(readBody(req, 10)).rejects.toMatchObject({
      code: 'too_large',
      message: 'Request body is too large (maximum is 10 bytes)',
    });
    expect(req.readableEnded).toBe(true);
  });
});

describe('decodeUtf8', () => {
  it('drops a byte order mark and refuses invalid bytes', () => {
    expect(decodeUtf8(Buffer.from('\uFEFF<a/>'))).toBe('<a/>');
    expect(() => decodeUtf8(Buffer.from([0x3c, 0xff, 0x3e]))).toThrow('Request body is not valid UTF-8');
  });
});
