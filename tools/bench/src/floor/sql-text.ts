/**
 * How the floor's statements turn columns into wire text inside PostgreSQL, so the templates
 * only escape. The session's time zone is UTC, as the bench's PIPS writes times.
 */

/** numeric(30,10) as PIPS writes a decimal: no trailing zeros, at least one fractional digit (`10.0`). */
export const dec = (column: string) =>
  `(CASE WHEN scale(trim_scale(${column})) = 0 THEN trim_scale(${column})::text || '.0' ELSE trim_scale(${column})::text END)`;

/** TS-SPACE: `2026-11-23 16:08:32 +0000`. */
export const tsSpace = (column: string) => `to_char(${column}, 'YYYY-MM-DD HH24:MI:SS TZHTZM')`;

/** TS-ISO in UTC: `2026-11-23T16:08:32+00:00`. */
export const tsIso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')`;
