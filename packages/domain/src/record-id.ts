/** The largest id a record can have: ids are PostgreSQL integers. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record's id as a person or a path writes it: decimal digits up to `MAX_RECORD_ID`, else null
 * (it names no record: the caller answers "not found" without asking the store, which would refuse
 * a number past its integers instead of finding nothing).
 */
export function parseRecordId(text: number | string): number | null {
  const written = typeof text === 'number' ? String(text) : text;
  if (!/^\d+$/.test(written)) return null;
  const id = Number(written);
  return id <= MAX_RECORD_ID ? id : null;
}
