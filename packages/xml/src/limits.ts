import { CodecError } from './codec-error';

export interface ParseLimits {
  maxDepth?: number;
  maxElements?: number;
  maxBytes?: number;
}

export const DEFAULT_LIMITS: Required<ParseLimits> = Object.freeze({
  maxDepth: 32,
  maxElements: 20_000,
  maxBytes: 1_048_576,
});

export function resolveLimits(limits: ParseLimits | undefined): Required<ParseLimits> {
  return {
    maxDepth: limits?.maxDepth ?? DEFAULT_LIMITS.maxDepth,
    maxElements: limits?.maxElements ?? DEFAULT_LIMITS.maxElements,
    maxBytes: limits?.maxBytes ?? DEFAULT_LIMITS.maxBytes,
  };
}

/** Throws 'too_large' when the UTF-8 encoding of `text` exceeds `maxBytes`. */
export function checkSize(text: string, maxBytes: number): void {
  // UTF-8 never takes fewer bytes than UTF-16 code units, so a long string fails without being measured.
  if (text.length > maxBytes || Buffer.byteLength(text, 'utf8') > maxBytes) {
    throw new CodecError('too_large', `input exceeds ${maxBytes} bytes`);
  }
}
