/**
 * The POSIX ustar archive, as much of it as a backup needs: regular files with names under 100
 * characters. Written and read here (a few dozen lines) rather than with a package, so the backup's
 * bytes are ours to check; `tar -tzf FILE` lists a backup and `tar -xzf` unpacks it.
 */
export const BLOCK = 512;

const ascii = (header: Buffer, offset: number, length: number, text: string) => header.write(text, offset, length, 'ascii');
const octal = (value: number, digits: number) => `${value.toString(8).padStart(digits, '0')}\0`;

function checksumOf(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0);
  return sum;
}

/** The header block of a regular file `name` of `size` bytes, private to its owner (0600). */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) >= 100 || !/^[\x21-\x7e]+$/.test(name)) throw new Error(`a backup part cannot be named ${JSON.stringify(name)}`);
  const header = Buffer.alloc(BLOCK);
  ascii(header, 0, 100, name);
  ascii(header, 100, 8, octal(0o600, 7));
  ascii(header, 108, 8, octal(0, 7));
  ascii(header, 116, 8, octal(0, 7));
  ascii(header, 124, 12, octal(size, 11));
  ascii(header, 136, 12, octal(Math.floor(mtime.getTime() / 1000), 11));
  ascii(header, 156, 1, '0');
  ascii(header, 257, 8, 'ustar\u000000');
  ascii(header, 148, 8, `${checksumOf(header).toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** Zero bytes that fill a part of `size` bytes to a whole block. */
export const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The two zero blocks that end an archive. */
export const END = Buffer.alloc(2 * BLOCK);

/** A header block's file: its name and size; null for a zero block (the end); throws on a damaged or foreign header. */
export function readTarHeader(header: Buffer): { name: string; size: number } | null {
  if (header.every((byte) => byte === 0)) return null;
  const field = (offset: number, length: number) => header.toString('ascii', offset, offset + length).replace(/\0.*$/s, '').trim();
  const stored = parseInt(field(148, 8), 8);
  if (stored !== checksumOf(header) || header.toString('ascii', 257, 262) !== 'ustar') throw new Error('a part header is damaged');
  if (field(156, 1) !== '0') throw new Error('the backup holds something other than files');
  const size = parseInt(field(124, 12), 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new Error('a part header is damaged');
  return { name: field(0, 100), size };
}
