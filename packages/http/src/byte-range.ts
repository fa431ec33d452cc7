import type { ByteRange } from '@pips/domain';

/**
 * The one range a `Range` header asks of `size` bytes (RFC 9110 §14.1.2): `bytes=a-b`, `a-` or
 * `-n`. Null when the whole is to be sent: no header, another unit, several ranges, or a range
 * written wrong (which the RFC says to ignore); `unsatisfiable` when it starts past the end.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1) };
}
