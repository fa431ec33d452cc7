import { describe, expect, it } from 'vitest';
import { toArrayParam, toParam } from './params';

const at = (year: number, month: number, day: number, hours = 0, minutes = 0) => {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hours, minutes);
  return date;
};

describe('toParam', () => {
  it('writes an instant of the years 1 to 9999 as ISO 8601', () => {
    expect(toParam(at(2026, 3, 1, 10, 30))).toBe('2026-03-01T10:30:00.000Z');
    expect(toParam(at(1, 1, 1))).toBe('0001-01-01T00:00:00.000Z');
    expect(toParam(at(9999, 12, 31, 23, 59))).toBe('9999-12-31T23:59:00.000Z');
  });

  it('writes an instant past 9999 or before 1 as PostgreSQL reads it, not as toISOString does', () => {
    expect(toParam(at(10000, 1, 1, 8))).toBe('10000-01-01T08:00:00.000Z');
    expect(toParam(at(0, 12, 31, 23, 30))).toBe('0001-12-31T23:30:00.000Z BC');
    expect(toParam(at(-1, 6, 1))).toBe('0002-06-01T00:00:00.000Z BC');
    expect(toArrayParam([at(10000, 1, 1)])).toBe('{"10000-01-01T00:00:00.000Z"}');
  });

  it('writes text, numbers and booleans as they are, and null as null', () => {
    expect(toParam('a"b')).toBe('a"b');
    expect(toParam(12)).toBe('12');
    expect(toParam(false)).toBe('false');
    expect(toParam(null)).toBeNull();
    expect(toParam(undefined)).toBeNull();
  });
});
