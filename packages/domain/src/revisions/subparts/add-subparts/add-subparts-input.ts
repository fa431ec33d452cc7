import { messages } from '../../../errors';
import { asInput } from '../../../fields';
import { listItems } from '../../../list-field';
import { parseCreate, problems } from '../../../parse-input';
import type { ChildIds } from '../bill-lookups';
import { checkQuantity, lineFields, newLine, type NewLine } from '../subpart-input';

/** SPEC 4.7 add subparts: the request's own fields. */
export const requestFields = { remove_existing: { type: 'bool', default: false } } as const;

/** SPEC 4.7 add subparts: one `subpart` item of the list. */
export const itemFields = {
  /** The child part; required, but its absence is SPEC 7's `You must specify a valid subpart.` */
  subpart_id: { type: 'int' },
  /** A revision of that part; absent, its active revision. */
  subpart_part_revision_id: { type: 'int' },
  ...lineFields,
} as const;

/** One item as the request gives it. */
export interface AddedItem {
  /** The child it names; null when it names none that can be looked up. */
  readonly child: ChildIds | null;
  readonly line: NewLine;
  /** What the request alone shows to be wrong with it (the store may add the child's problem). */
  readonly problems: readonly string[];
}

export interface AddSubpartsInput {
  /** Remove the bill's lines before adding these. */
  readonly removeExisting: boolean;
  /** In request order: an item's number is its index plus one. */
  readonly items: readonly AddedItem[];
}

function parseItem(raw: unknown): AddedItem {
  const own = problems();
  const item = parseCreate(itemFields, raw, own);
  checkQuantity(item.quantity, own);
  if (item.subpart_id === null) own.add(messages.invalidSubpart());
  return {
    child: typeof item.subpart_id === 'number' ? { partId: item.subpart_id, revisionId: item.subpart_part_revision_id ?? null } : null,
    line: newLine(item),
    problems: own.list.map((problem) => problem.message),
  };
}

/**
 * The parse step of `POST <P>/parts/:part_id/revisions/:id/subparts`. What concerns the request as
 * a whole (no list or an empty one, a bad `remove_existing`) is a 400 at once; each item's own
 * problems stay with it, for the use case to answer with what only the store can tell (an unknown
 * part or revision), every failing item in one answer.
 */
export function parseAddSubparts(raw: unknown): AddSubpartsInput {
  const found = problems();
  const input = asInput(raw);
  const { remove_existing } = parseCreate(requestFields, input, found);
  // Bill lines are a sequence: a line sent twice is two lines (only a whole list sent again counts once).
  const listed = listItems(input.subparts, 'subparts');
  if (listed === null) found.add(messages.notAList('subparts'));
  else if (listed.length === 0) found.add(messages.noSubparts());
  found.check();
  return { removeExisting: remove_existing, items: (listed ?? []).map(parseItem) };
}
