import { canonicalDecimal } from '@pips/domain';
import { fields, list, type XmlList } from '@pips/xml';

/**
 * Wire text for each field type; null is an empty element. A column a store left undefined is
 * written empty too, never as the text "undefined".
 */
export const int = (value: number | null | undefined): string | null => (value == null ? null : String(value));
export const decimal = (value: string | null | undefined): string | null =>
  value == null ? null : canonicalDecimal(value);
export const bool = (value: boolean | null | undefined): string | null =>
  value == null ? null : value ? 'true' : 'false';

/** `<name type="array"><item><id>1</id></item>…</name>`: related records shown by id only. */
export function idList(itemName: string, ids: readonly number[]): XmlList {
  return list(
    itemName,
    ids.map((id) => fields([['id', int(id)]])),
  );
}

