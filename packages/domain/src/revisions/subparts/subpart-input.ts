import { compareDecimal } from '../../decimal';
import { messages } from '../../errors';
import { parseChanges, parseCreate, problems, type FieldChanges, type Fields, type Problems } from '../../parse-input';

/** A new line's own fields (SPEC 2.10), read alike by `POST <P>/subpart` and the bulk add (SPEC 4.7). */
export const lineFields = {
  quantity: { type: 'decimal', required: true },
  build_sequence: { type: 'int' },
  designator: { type: 'string' },
  no_load: { type: 'bool', default: false },
  comment: { type: 'text' },
} as const;

/** SPEC 2.10: what `POST <P>/subpart` reads. */
export const subpartFields = {
  /** The assembly: its part, and (or) the draft revision whose bill gets the line. */
  part_id: { type: 'int' },
  part_revision_id: { type: 'int' },
  /** The child: a revision of it, else its part by manufacturer_pn or partnumber (its active revision). */
  subpart_part_revision_id: { type: 'int' },
  manufacturer_pn: { type: 'string' },
  partnumber: { type: 'string' },
  ...lineFields,
} as const;

/** What `PUT <P>/subpart/:id` may change: the line's own fields and its child (never its assembly). */
export const subpartChangeFields = {
  /** Here `part_id` names the child part: the line is re-pointed to its active revision (SPEC 4.4). */
  part_id: { type: 'int' },
  subpart_part_revision_id: { type: 'int' },
  manufacturer_pn: { type: 'string' },
  partnumber: { type: 'string' },
  quantity: { type: 'decimal' },
  build_sequence: { type: 'int' },
  designator: { type: 'string' },
  no_load: { type: 'bool' },
  comment: { type: 'text' },
} as const;

/** How a request names a line's child part. */
export type ChildRef =
  | { readonly by: 'revision'; readonly revisionId: number }
  | { readonly by: 'part'; readonly partId: number }
  | { readonly by: 'manufacturer_pn'; readonly value: string }
  | { readonly by: 'partnumber'; readonly value: string };

export interface SubpartInput {
  readonly assembly: { readonly partId: number | null; readonly revisionId: number | null };
  readonly child: ChildRef;
  readonly line: NewLine;
}

/** A new line's own fields, typed. */
export type NewLine = Readonly<Fields<typeof lineFields>>;

export interface SubpartChanges {
  readonly child: ChildRef | null;
  readonly line: Omit<FieldChanges<typeof subpartChangeFields>, 'part_id' | 'subpart_part_revision_id' | 'manufacturer_pn' | 'partnumber'>;
}

/** A quantity below zero (SPEC 7's message). */
export function checkQuantity(quantity: string | null | undefined, found: Problems): void {
  if (typeof quantity === 'string' && compareDecimal(quantity, '0') < 0) found.add(messages.quantityNonnegative());
}

/**
 * The child a request names: a revision wins; else exactly one of part_id (updates only),
 * manufacturer_pn or partnumber. None when `optional` and nothing names one.
 */
function childOf(
  given: { subpart_part_revision_id?: number | null; part_id?: number | null; manufacturer_pn?: string | null; partnumber?: string | null },
  found: Problems,
  optional: boolean,
): ChildRef | null {
  if (typeof given.subpart_part_revision_id === 'number') return { by: 'revision', revisionId: given.subpart_part_revision_id };
  const named: ChildRef[] = [];
  if (typeof given.part_id === 'number') named.push({ by: 'part', partId: given.part_id });
  if (typeof given.manufacturer_pn === 'string') named.push({ by: 'manufacturer_pn', value: given.manufacturer_pn });
  if (typeof given.partnumber === 'string') named.push({ by: 'partnumber', value: given.partnumber });
  if (named.length === 1) return named[0]!;
  if (named.length === 0 && optional) return null;
  found.add(messages.invalidSubpart());
  return null;
}

/** The parse step of `POST <P>/subpart`: typed input, or a 400 naming every problem. */
export function parseSubpart(raw: unknown): SubpartInput {
  const found = problems();
  const input: Fields<typeof subpartFields> = parseCreate(subpartFields, raw, found);
  checkQuantity(input.quantity, found);
  if (input.part_id === null && input.part_revision_id === null) found.add(messages.blank('part_id'));
  const child = childOf({ ...input, part_id: null }, found, false);
  found.check();
  return {
    assembly: { partId: input.part_id, revisionId: input.part_revision_id },
    child: child!,
    line: newLine(input),
  };
}

/** A new line's own fields out of everything a parse read. */
export function newLine(input: NewLine): NewLine {
  const { quantity, build_sequence, designator, no_load, comment } = input;
  return { quantity, build_sequence, designator, no_load, comment };
}

/** The parse step of `PUT <P>/subpart/:id`: the fields sent, typed, or a 400. */
export function parseSubpartChanges(raw: unknown): SubpartChanges {
  const found = problems();
  const { part_id, subpart_part_revision_id, manufacturer_pn, partnumber, ...line } = parseChanges(subpartChangeFields, raw, found);
  if (line.quantity === null) found.add(messages.blank('quantity'));
  if (line.no_load === null) found.add(messages.blank('no_load'));
  checkQuantity(line.quantity, found);
  const child = childOf({ part_id, subpart_part_revision_id, manufacturer_pn, partnumber }, found, true);
  found.check();
  return { child, line };
}
