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

  function wallClock(at: Date): WallClock {
    // Whole seconds: the wire has no fractions, and the offset must be computed on the same instant.
    const instant = Math.floor(at.getTime() / 1000) * 1000;
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(instant)) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const [year, month, day, hour, minute, second] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map(
      (k) => parts[k] ?? 0,
    ) as [number, number, number, number, number, number];
    // The wall clock read as if it were UTC, minus the instant, is the zone's offset.
    const asUtc = new Date(0);
    asUtc.setUTCFullYear(year, month - 1, day);
    asUtc.setUTCHours(hour, minute, second, 0);
    return {
      date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
      time: `${pad(hour)}:${pad(minute)}:${pad(second)}`,
      offset: Math.round((asUtc.getTime() - instant) / 60_000),
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
