import { describe, expect, it } from 'vitest';
import { isClientGone } from './client-gone';

describe('isClientGone', () => {
  it('recognises a client that hung up', () => {
    for (const code of ['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'HPE_INVALID_EOF_STATE']) {
      expect(isClientGone(Object.assign(new Error('x'), { code }))).toBe(true);
    }
    expect(isClientGone(new Error('aborted'))).toBe(true);
  });

  it('does not excuse real failures', () => {
    expect(isClientGone(new Error('boom'))).toBe(false);
    expect(isClientGone(Object.assign(new Error('x'), { code: 'ENOSPC' }))).toBe(false);
    expect(isClientGone(null)).toBe(false);
  });
});
