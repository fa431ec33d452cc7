/** A calendar day written YYYY-MM-DD that exists (2026-02-30 does not); null otherwise. */
export function parseCalendarDay(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day ? text : null;
}

/** The day after `day` (both YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
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
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant `day` begins in `timeZone`: its midnight there (two passes settle a change of offset that day). */
export function startOfDay(day: string, timeZone = 'UTC'): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(year, month - 1, date);
  const guess = midnightAsUtc - offsetAt(midnightAsUtc, timeZone) * 60_000;
  return new Date(midnightAsUtc - offsetAt(guess, timeZone) * 60_000);
}
