import { parseCreate, problems, type Fields } from '../../parse-input';
import { queryFlag, querySourceId } from '../revision-query';

export const bodyFields = {
  revision_name: { type: 'string' },
  revision_description: { type: 'text' },
} as const;

/** A revision create, typed: its source, whether the bill is copied, the new revision's fields. */
export interface CreateRevisionInput {
  readonly sourceId: number;
  readonly copyLines: boolean;
  /** `revision_name` null: the one after the source's that the part does not use yet. */
  readonly fields: Fields<typeof bodyFields>;
}

/**
 * The parse step of `POST <P>/parts/:part_id/revisions?id=…`: the query's source `id` (a 400 when
 * missing, a 404 when not an id) and `copy_subparts`, then the body's fields (a 400 naming each).
 */
export function parseCreateRevision(query: Record<string, unknown>, body: unknown): CreateRevisionInput {
  const sourceId = querySourceId(query.id);
  const copyLines = queryFlag(query.copy_subparts, 'copy_subparts', true);
  const found = problems();
  const fields = parseCreate(bodyFields, body, found);
  found.check();
  return { sourceId, copyLines, fields };
}
