import { errors, messages } from '../errors';
import { parseRecordId } from '../record-id';

/** The `id` query of a revision create: required (400), an id or a 404 naming what was sent. */
export function querySourceId(raw: unknown): number {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') throw errors.badRequest(messages.missingParameter('id'));
  const id = parseRecordId(text);
  if (id === null) throw errors.notFound('PartRevision', text);
  return id;
}

/** A true/false query flag (`1`/`0` too), `fallback` when absent; anything else is a 400. */
export function queryFlag(raw: unknown, name: string, fallback: boolean): boolean {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const text = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw errors.badRequest(messages.invalidParameter(name));
}
