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

  it('agrees with Intl at every minute around DST changes, remembered or not', () => {
    const reference = (zone: string, at: Date) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
          .formatToParts(at)
          .map((p) => [p.type, p.value]),
      );
      return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
    };
    const changes: Array<[string, string]> = [
      ['America/Los_Angeles', '2016-03-13T08:30:00Z'],
      ['America/Los_Angeles', '2016-11-06T07:30:00Z'],
      ['Australia/Lord_Howe', '2020-10-03T14:30:00Z'], // a half-hour change
      ['Europe/Berlin', '2021-03-28T00:30:00Z'],
      ['Asia/Kathmandu', '2020-06-01T00:00:00Z'],
    ];
    for (const [zone, around] of changes) {
      const t = timeFormat(zone);
      for (const pass of [1, 2]) {
        for (let minute = 0; minute < 180; minute++) {
          const at = new Date(new Date(around).getTime() + minute * 60_000 + 7_000);
          expect(t.space(at).slice(0, 19), `${zone} ${at.toISOString()} pass ${pass}`).toBe(reference(zone, at));
        }
      }
    }
  });

  it('rejects unknown zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(() => timeFormat('Mars/Olympus')).toThrow(RangeError);
  });
});
