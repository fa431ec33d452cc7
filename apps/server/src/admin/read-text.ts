import { AdminFailure } from './admin-operation';

/** A whole input file as UTF-8 text, refused past `maxBytes` (an import is parsed whole). */
export async function readText(input: AsyncIterable<Uint8Array>, maxBytes: number, what: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new AdminFailure([`error: ${what} is larger than ${maxBytes / 1_048_576} MiB; split it into several files`]);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}
