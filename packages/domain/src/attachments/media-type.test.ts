import { describe, expect, it } from 'vitest';
import { isMediaType } from './media-type';

describe('isMediaType', () => {
  it('takes a type and subtype, with parameters as tokens or quoted strings', () => {
    for (const text of ['application/pdf', 'image/svg+xml', 'text/plain; charset=utf-8', 'text/plain;charset="utf-8"', 'application/vnd.ms-excel', 'multipart/x-mixed; boundary="a b\\"c"', 'text/plain;']) {
      expect(isMediaType(text), text).toBe(true);
    }
  });

  it('refuses what a Content-Type header could not carry or a client could not read', () => {
    for (const text of ['', 'pdf', 'application/', '/pdf', 'text/plain\r\nSet-Cookie: a=b', 'text/plain; charset', 'text/plain; charset=a b', 'text/pláin', 'application/pdf ', ' application/pdf', 'a/b/c', 'text/plain; x="unterminated']) {
      expect(isMediaType(text), JSON.stringify(text)).toBe(false);
    }
  });
});
