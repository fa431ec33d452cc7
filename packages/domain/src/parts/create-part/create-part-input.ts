import { fieldProblem, messages } from '../../errors';
import { asInput } from '../../fields';
import { parseCreate, problems, within, type Fields } from '../../parse-input';
import type { AttributeValue } from '../custom-attributes';
import { checkCurrency, partFields, readPartBody, revisionFields, type AlternateInput } from '../part-fields';

/** A create's body, typed: the part, its first revision with custom attributes, its alternates. */
export interface CreatePartInput {
  /** `partnumber` null: one is generated; `estimated_cost_currency` null: the site's. */
  readonly part: Fields<typeof partFields> & { readonly value_text: string | null; readonly value: number | null };
  readonly revision: Fields<typeof revisionFields>;
  readonly attributes: readonly AttributeValue[];
  readonly alternates: readonly AlternateInput[];
}

/**
 * The parse step of `POST <P>/part` (SPEC 4.6): every missing or invalid field of the part, its
 * revision and each alternate, named at once in one 400. No store.
 */
export function parseCreatePart(raw: unknown): CreatePartInput {
  const input = asInput(raw);
  const found = problems();
  const part = checkCurrency(parseCreate(partFields, input, found), found);
  const body = readPartBody(input, found);
  if (body.revision === undefined) found.add(fieldProblem('revision', messages.blank('revision')));
  // A missing revision is one problem, not one more for each required field of it.
  const revision = parseCreate(revisionFields, body.revision ?? {}, body.revision ? within(found, 'revision') : problems());
  found.check();
  return {
    part: { ...part, ...(body.valueText ?? { value_text: null, value: null }) },
    revision,
    attributes: body.attributes,
    alternates: body.alternates ?? [],
  };
}
