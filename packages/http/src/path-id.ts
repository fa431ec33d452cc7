import { errors, parseRecordId } from '@pips/domain';

/** Ids in paths are integers; anything else names no record, so it is a 404 like an unknown id. */
export function pathId(model: string, raw: string | undefined): number {
  const text = raw ?? '';
  const id = parseRecordId(text);
  if (id === null) throw errors.notFound(model, text);
  return id;
}
