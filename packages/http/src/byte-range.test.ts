import { describe, expect, it } from 'vitest';
import { requestedRange } from './byte-range';

describe('requestedRange', () => {
  it('reads the three forms of one range, clipped to the size', () => {
    expect(requestedRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(requestedRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(requestedRange('bytes=999-999', 1000)).toEqual({ start: 999, end: 999 });
  });

  it('sends the whole for no range, several, another unit or a range written wrong', () => {
    for (const header of [undefined, '', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=5-2', 'bytes=a-b']) {
      expect(requestedRange(header, 1000), String(header)).toBeNull();
    }
  });

  it('cannot satisfy a range past the end, or any of an empty file', () => {
    expect(requestedRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});
