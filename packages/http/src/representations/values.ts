import { canonicalDecimal } from '@pips/domain';
import { array, form, verbatim, type Field, type ValueSchema } from '@pips/xml/forms';

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

/**
 * What each kind of verbatim field writes, as the OpenAPI description shows it (DESIGN 3): the
 * patterns are the formats the converters above and the time format produce.
 */
export const wire = {
  int: { type: 'integer' },
  decimal: { type: 'string', format: 'decimal', pattern: '^-?[0-9]+\\.[0-9]+$', description: 'An exact decimal, at least one fractional digit (`10.0`).' },
  bool: { type: 'boolean' },
  isoTime: { type: 'string', format: 'date-time', description: 'TS-ISO: `2013-11-14T10:34:00+00:00`, in SITE_TIMEZONE.' },
  spaceTime: {
    type: 'string',
    pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} [+-][0-9]{4}$',
    description: 'TS-SPACE: `2016-01-24 20:11:47 -0800`, in SITE_TIMEZONE.',
  },
  float: { type: 'string', pattern: '^-?[0-9]+\\.[0-9]+(e[+-][0-9]+)?$', description: 'A number as Ruby writes a Float (`4700.0`, `1.0e-07`).' },
} as const satisfies Record<string, ValueSchema>;

/** A related record shown by its id alone. */
const idForm = form<number>([verbatim('id', (id) => int(id), wire.int)]);

/** `<name type="array"><item><id>1</id></item>…</name>`: related records shown by id only. */
export function idList<T>(name: string, itemName: string, read: (value: T) => readonly number[]): Field<T, unknown> {
  return array(name, itemName, idForm, read);
}
