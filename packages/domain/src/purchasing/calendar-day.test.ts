import { describe, expect, it } from 'vitest';
import { nextDay, parseCalendarDay, startOfDay } from './calendar-day';

describe('calendar days', () => {
  it('takes only days that exist, written YYYY-MM-DD', () => {
    expect(parseCalendarDay('2026-02-28')).toBe('2026-02-28');
    expect(parseCalendarDay('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-01', '26-01-01', '2026-01-01T00:00:00', 'yesterday', '']) {
      expect(parseCalendarDay(bad), bad).toBeNull();
    }
  });

  it('counts the next day across months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
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
});
