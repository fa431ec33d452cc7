const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2})?)$/;

type Six<T> = [T, T, T, T, T, T];

/**
 * An ISO 8601 date and time with its UTC offset (`2024-01-31T12:00:00+01:00`, `…Z`, `+0100`,
 * minutes optional, seconds and fractions optional), as an instant; null for anything else,
 * a date without a time or offset included: without an offset the instant is unknown. The
 * instant must fall in the years 1 to 9999 (UTC), those four digits write: PostgreSQL reads
 * no year 0000, and an offset may carry the first or last day past either end.
 */
export function parseIsoTimestamp(text: string): Date | null {
  const match = ISO_TIMESTAMP.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0', fraction = '', zulu, sign, offsetHours = '0', offsetMinutes = '0'] =
    match;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as Six<number>;
  const oh = Number(offsetHours);
  const om = Number(offsetMinutes);
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59 || oh > 23 || om > 59) return null;
  const local = new Date(0);
  local.setUTCFullYear(y, mo - 1, d);
  // A day past the month's end rolls over into the next month: refused.
  if (local.getUTCMonth() !== mo - 1) return null;
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  local.setUTCHours(h, mi, s, millis);
  const offset = zulu ? 0 : (sign === '-' ? -1 : 1) * (oh * 60 + om);
  const at = new Date(local.getTime() - offset * 60_000);
  return at.getUTCFullYear() >= 1 && at.getUTCFullYear() <= 9999 ? at : null;
}
