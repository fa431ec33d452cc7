import { el } from './xml-text';

/** The columns `event-sql.ts` reads. */
export interface EventRow {
  position: number;
  type: string;
  occurred_at: string;
  token_name: string;
  collection: string;
  record_id: number | null;
  /** The fields the change wrote, as JSON text. */
  payload: string;
}

/** A field's value as PIPS writes it: as written for text, numbers and booleans, JSON for a group. */
const fieldText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** One `<event>` of the feed's list, each payload field an element named by its column. */
export function eventItem(e: EventRow): string {
  const fields = Object.entries(JSON.parse(e.payload) as Record<string, unknown>);
  let payload = '';
  for (const [name, value] of fields) payload += el('      ', name, fieldText(value));
  const path = e.record_id === null ? e.collection : `${e.collection}/${e.record_id}`;
  return (
    `  <event>\n${el('    ', 'sequence', e.position)}${el('    ', 'type', e.type)}${el('    ', 'occurred_at', e.occurred_at)}` +
    `${el('    ', 'token', e.token_name)}${el('    ', 'path', path)}` +
    (fields.length === 0 ? '    <payload/>\n' : `    <payload>\n${payload}    </payload>\n`) +
    '  </event>\n'
  );
}
