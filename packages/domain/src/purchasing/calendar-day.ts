/** Midnight UTC of a day; `Date.UTC` would take the years 0 to 99 for 1900 to 1999. */
function utcMidnight(year: number, month: number, date: number): Date {
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, date);
  return at;
}

/** A calendar day written YYYY-MM-DD that exists (2026-02-30 and year 0000 do not); null otherwise. */
export function parseCalendarDay(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = utcMidnight(year, month, day);
  return year >= 1 && at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day ? text : null;
}

/** The day after `day`, written as `day` is; after 9999-12-31 comes 10000-01-01. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const at = utcMidnight(year, month, date + 1);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1, 2)}-${pad(at.getUTCDate(), 2)}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC that `timeZone`'s clocks read at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(timeZone, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(instant)) if (type !== 'literal') part[type] = Number(value);
  const wall = utcMidnight(part.year!, part.month!, part.day!).setUTCHours(part.hour!, part.minute!, part.second!);
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant `day` begins in `timeZone`: its midnight there (two passes settle a change of offset that day). */
export function startOfDay(day: string, timeZone = 'UTC'): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnightAsUtc = utcMidnight(year, month, date).getTime();
  const guess = midnightAsUtc - offsetAt(midnightAsUtc, timeZone) * 60_000;
  return new Date(midnightAsUtc - offsetAt(guess, timeZone) * 60_000);
}
