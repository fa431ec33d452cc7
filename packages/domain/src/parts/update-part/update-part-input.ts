import { blankNotNullProblems } from '../../columns';
import { asInput } from '../../fields';
import { parseChanges, problems, within, type FieldChanges } from '../../parse-input';
import type { AttributeValue } from '../custom-attributes';
import { checkCurrency, partFields, readPartBody, revisionFields, type AlternateInput } from '../part-fields';

/** An update's body, typed: only what it sends. */
export interface UpdatePartInput {
  readonly part: FieldChanges<typeof partFields> & { readonly value_text?: string | null; readonly value?: number | null };
  readonly revision: FieldChanges<typeof revisionFields>;
  /** Custom attributes to set (an existing one in place) or append. */
  readonly attributes: readonly AttributeValue[];
  /** The part's alternates, replaced as a whole; undefined when not sent. */
  readonly alternates: readonly AlternateInput[] | undefined;
}

/** True when the body changes the revision: a revision field, a custom attribute or `x_packaging`. */
export function changesRevision(input: UpdatePartInput): boolean {
  return Object.keys(input.revision).length > 0 || input.attributes.length > 0;
}

/**
 * The parse step of `PUT <P>/part/:id`: the fields sent, every problem at once in one 400. A blank
 * field the part cannot be without (`manufacturer_pn`, `partnumber`, `revision_name`, …) is one.
 */
export function parseUpdatePart(raw: unknown): UpdatePartInput {
  const input = asInput(raw);
  const found = problems();
  const part = checkCurrency(parseChanges(partFields, input, found), found);
  found.add(...blankNotNullProblems('part', part));
  const body = readPartBody(input, found);
  const revision = body.revision ? parseChanges(revisionFields, body.revision, within(found, 'revision')) : {};
  found.check();
  return { part: { ...part, ...body.valueText }, revision, attributes: body.attributes, alternates: body.alternates };
}
