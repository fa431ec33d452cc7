import { describe, expect, it } from 'vitest';
import { MAX_RECORD_ID, parseRecordId } from './record-id';

describe('parseRecordId', () => {
  it('reads decimal digits up to the largest integer a record id can be', () => {
    expect(parseRecordId('1')).toBe(1);
    expect(parseRecordId('007')).toBe(7);
    expect(parseRecordId('00000000001')).toBe(1);
    expect(parseRecordId(String(MAX_RECORD_ID))).toBe(MAX_RECORD_ID);
    expect(parseRecordId(42)).toBe(42);
  });

  it('names no record past it, or for anything that is not digits', () => {
    for (const text of [String(MAX_RECORD_ID + 1), '9999999999', '12345678901', '', ' 1', '1 ', '-1', '+1', '1.0', '1e3', 'abc', '١']) {
      expect(parseRecordId(text), JSON.stringify(text)).toBeNull();
    }
    expect(parseRecordId(1.5)).toBeNull();
    expect(parseRecordId(-1)).toBeNull();
  });
});
