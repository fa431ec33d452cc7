import type { IncomingMessage } from 'node:http';
import { PipsError } from '@pips/domain';
import { httpMessages } from './http-messages';

export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

function tooLarge(limit: number): PipsError {
  return new PipsError('too_large', [httpMessages.tooLarge(limit)]);
}

/**
 * Reads the whole body, refusing more than `limit` bytes. A declared length over the limit is
 * refused before reading; an undeclared one is drained (so the client can read the 413) but not kept.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit) throw tooLarge(limit);
  return Buffer.concat(chunks, size);
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
