import { messages } from '../../errors';
import { asInput } from '../../fields';
import { parseCreate, problems, type Fields } from '../../parse-input';
import type { AttributeValue } from '../custom-attributes';
import {
  checkCurrency,
  partFields,
  readAlternates,
  readAttributes,
  readValueText,
  refuseValue,
  revisionFields,
  revisionHash,
  type AlternateInput,
} from '../part-fields';

/** A create's body, typed: the part, its first revision with custom attributes, its alternates. */
export interface CreatePartInput {
  /** `partnumber` null: one is generated. */
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
  refuseValue(input, found);
  const part = checkCurrency(parseCreate(partFields, input, found), found);
  const valueText = readValueText(input, found) ?? { value_text: null, value: null };
  const revisionInput = revisionHash(input, found);
  if (revisionInput === undefined && !found.list.includes(messages.notAHash('revision'))) found.add(messages.blank('revision'));
  const revision = parseCreate(revisionFields, revisionInput ?? {}, revisionInput === undefined ? problems() : found);
  const attributes = readAttributes(input, revisionInput, found);
  const alternates = readAlternates(input, found) ?? [];
  found.check();
  return { part: { ...part, ...valueText }, revision, attributes, alternates };
}
