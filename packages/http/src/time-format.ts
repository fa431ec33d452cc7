/** Writes instants as the wire's two timestamp forms, in the site's time zone. */
export interface TimeFormat {
  /** TS-ISO: `2013-11-14T10:34:00+00:00`. */
  iso(at: Date): string;
  /** TS-SPACE: `2016-01-24 20:11:47 -0800`. */
  space(at: Date): string;
}

/** True when `name` is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  date: string;
  time: string;
  /** Minutes east of UTC at that instant. */
  offset: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function offsetText(minutes: number, separator: string): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${separator}${pad(abs % 60)}`;
}

const HOUR = 3_600_000;
/** Hours whose offset is remembered; more are forgotten all at once (a list spans few hours). */
const MAX_REMEMBERED = 4096;

/** Throws RangeError for an unknown zone, so a bad setting fails at start-up, not per request. */
export function timeFormat(timeZone: string): TimeFormat {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const utc = format.resolvedOptions().timeZone === 'UTC';

  /** The zone's offset at `instant` in minutes east of UTC, read from Intl (the slow way). */
  function offsetByIntl(instant: number): number {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(instant)) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    // The wall clock read as if it were UTC, minus the instant, is the zone's offset.
    const asUtc = new Date(0);
    asUtc.setUTCFullYear(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1);
    asUtc.setUTCHours(parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, 0);
    return Math.round((asUtc.getTime() - instant) / 60_000);
  }

  // An offset changes at most once an hour, so when it is the same at both ends of an hour it
  // holds throughout: remembered per hour, Intl runs twice per hour of timestamps, not per one.
  const hours = new Map<number, number | null>();
  function offsetAt(instant: number): number {
    if (utc) return 0;
    const hour = Math.floor(instant / HOUR);
    let known = hours.get(hour);
    if (known === undefined) {
      const start = offsetByIntl(hour * HOUR);
      known = start === offsetByIntl(hour * HOUR + HOUR - 1000) ? start : null;
      if (hours.size >= MAX_REMEMBERED) hours.clear();
      hours.set(hour, known);
    }
    return known ?? offsetByIntl(instant);
  }

  function wallClock(at: Date): WallClock {
    // Whole seconds: the wire has no fractions, and the offset must be computed on the same instant.
    const instant = Math.floor(at.getTime() / 1000) * 1000;
    const offset = offsetAt(instant);
    const wall = new Date(instant + offset * 60_000);
    return {
      date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
      time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`,
      offset,
    };
  }

  return {
    iso(at) {
      const w = wallClock(at);
      return `${w.date}T${w.time}${offsetText(w.offset, ':')}`;
    },
    space(at) {
      const w = wallClock(at);
      return `${w.date} ${w.time} ${offsetText(w.offset, '')}`;
    },
  };
}
