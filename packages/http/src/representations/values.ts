import { canonicalDecimal } from '@pips/domain';
import { array, form, verbatim, type Field } from '@pips/xml/forms';

/**
 * Wire text for each field type; null is an empty element. A column a store left undefined is
 * written empty too, never as the text "undefined". None of these ever needs escaping, so the
 * forms write them `verbatim`.
 */
export const int = (value: number | null | undefined): string | null => (value == null ? null : String(value));
export const decimal = (value: string | null | undefined): string | null =>
  value == null ? null : canonicalDecimal(value);
export const bool = (value: boolean | null | undefined): string | null =>
  value == null ? null : value ? 'true' : 'false';

/** A related record shown by its id alone. */
const idForm = form<number>([verbatim('id', (id) => int(id))]);

/** `<name type="array"><item><id>1</id></item>…</name>`: related records shown by id only. */
export function idList<T>(name: string, itemName: string, read: (value: T) => readonly number[]): Field<T, unknown> {
  return array(name, itemName, idForm, read);
}
