import { errors, messages } from '../errors';

const MAX_ID = 2_147_483_647;

/** The `id` query of a revision create: required (400), an id or a 404 naming what was sent. */
export function querySourceId(raw: unknown): number {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') throw errors.badRequest(messages.missingParameter('id'));
  if (!/^\d+$/.test(text) || Number(text) > MAX_ID) throw errors.notFound('PartRevision', text);
  return Number(text);
}

/** A true/false query flag (`1`/`0` too), `fallback` when absent; anything else is a 400. */
export function queryFlag(raw: unknown, name: string, fallback: boolean): boolean {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const text = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw errors.badRequest(messages.invalidParameter(name));
}
