import { describe, expect, it } from 'vitest';
import { nextDay, parseCalendarDay, startOfDay } from './calendar-day';

describe('calendar days', () => {
  it('takes only days that exist, written YYYY-MM-DD', () => {
    expect(parseCalendarDay('2026-02-28')).toBe('2026-02-28');
    expect(parseCalendarDay('2024-02-29')).toBe('2024-02-29');
    expect(parseCalendarDay('0001-01-01')).toBe('0001-01-01');
    expect(parseCalendarDay('0052-02-29')).toBe('0052-02-29');
    expect(parseCalendarDay('9999-12-31')).toBe('9999-12-31');
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-01', '26-01-01', '2026-01-01T00:00:00', 'yesterday', '', '0000-01-01', '0051-02-29']) {
      expect(parseCalendarDay(bad), bad).toBeNull();
    }
  });

  it('counts the next day across months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('0099-12-31')).toBe('0100-01-01');
    expect(nextDay('9999-12-31')).toBe('10000-01-01');
  });

  it('begins a day at midnight in the site’s zone', () => {
    expect(startOfDay('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(startOfDay('2026-01-15', 'America/Los_Angeles').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(startOfDay('2026-07-15', 'America/Los_Angeles').toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(startOfDay('2026-03-01', 'Asia/Kolkata').toISOString()).toBe('2026-02-28T18:30:00.000Z');
    // The day the clocks go forward (02:00) still begins at its midnight, standard time.
    expect(startOfDay('2026-03-08', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/Los_Angeles').toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });

  it('begins the first and the last days four digits write, and the day after the last', () => {
    expect(startOfDay('0001-01-01').toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(startOfDay('0050-06-01', 'Asia/Kolkata').getUTCFullYear()).toBe(50);
    expect(startOfDay('9999-12-31', 'America/Los_Angeles').toISOString()).toBe('9999-12-31T08:00:00.000Z');
    expect(startOfDay(nextDay('9999-12-31'), 'America/Los_Angeles').getTime()).toBe(Date.UTC(10000, 0, 1, 8));
  });
});
