import { errors } from '@pips/domain';

const MAX_ID = 2_147_483_647;

/** Ids in paths are integers; anything else names no record, so it is a 404 like an unknown id. */
export function pathId(model: string, raw: string | undefined): number {
  const text = raw ?? '';
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    if (id <= MAX_ID) return id;
  }
  throw errors.notFound(model, text);
}
