import { describe, expect, it } from 'vitest';
import { isTimeZone, timeFormat } from './time-format';

describe('timeFormat', () => {
  it('writes UTC in both forms', () => {
    const t = timeFormat('UTC');
    const at = new Date('2013-11-14T10:34:00.999Z');
    expect(t.iso(at)).toBe('2013-11-14T10:34:00+00:00');
    expect(t.space(at)).toBe('2013-11-14 10:34:00 +0000');
  });

  it('follows daylight saving time per instant', () => {
    const t = timeFormat('America/Los_Angeles');
    expect(t.space(new Date('2016-01-25T04:11:47Z'))).toBe('2016-01-24 20:11:47 -0800');
    expect(t.iso(new Date('2016-07-01T12:00:00Z'))).toBe('2016-07-01T05:00:00-07:00');
  });

  it('handles the hour around a DST change', () => {
    const t = timeFormat('America/Los_Angeles');
    // 2016-03-13 02:00 local jumps to 03:00.
    expect(t.iso(new Date('2016-03-13T09:59:59Z'))).toBe('2016-03-13T01:59:59-08:00');
    expect(t.iso(new Date('2016-03-13T10:00:00Z'))).toBe('2016-03-13T03:00:00-07:00');
  });

  it('writes half-hour and negative half-hour offsets', () => {
    expect(timeFormat('Asia/Kolkata').space(new Date('2020-01-01T00:00:00Z'))).toBe('2020-01-01 05:30:00 +0530');
    expect(timeFormat('America/St_Johns').iso(new Date('2020-01-01T12:00:00Z'))).toBe('2020-01-01T08:30:00-03:30');
  });

  it('writes midnight as 00, never 24', () => {
    expect(timeFormat('Europe/Berlin').iso(new Date('2020-01-01T23:00:00Z'))).toBe('2020-01-02T00:00:00+01:00');
  });

  it('rejects unknown zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(() => timeFormat('Mars/Olympus')).toThrow(RangeError);
  });
});
