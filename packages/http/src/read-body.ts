import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream';
import { PipsError } from '@pips/domain';
import { httpMessages } from './http-messages';

export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

const EMPTY = Buffer.alloc(0);

function tooLarge(limit: number): PipsError {
  return new PipsError('too_large', [httpMessages.tooLarge(limit)]);
}

/**
 * Whether the request declares no body: no `Transfer-Encoding` and no `Content-Length` (or `0`),
 * which is how HTTP/1.1 says so, whether or not its stream has ended yet.
 */
export function declaresNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

/**
 * Reads the whole body, refusing more than `limit` bytes. A declared length over the limit is
 * refused before reading; an undeclared one is refused at the first byte past the limit, and
 * reading stops there: the 413 carries `Connection: close` (error table), so Node closes the
 * socket once the answer is written instead of draining whatever the client still sends.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  // A request without a body (most GETs) has ended before it is routed: nothing to wait for, and
  // Node discards the ended stream once the answer is sent.
  if (req.complete && req.readableLength === 0 && !req.readableFlowing) return Promise.resolve(EMPTY);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stopWatching();
      req.off('data', onData);
      req.unpipe();
      req.pause();
      reject(tooLarge(limit));
    };
    // An aborted upload rejects with a premature-close error, which the error mapper knows.
    const stopWatching = finished(req, (error) => {
      req.off('data', onData);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    });
    req.on('data', onData);
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 text (a leading BOM dropped); anything else is a 400. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new PipsError('bad_request', [httpMessages.notUtf8()]);
  }
}
