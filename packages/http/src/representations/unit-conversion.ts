import type { Shown } from '@pips/domain';
import { form, verbatim } from '@pips/xml/forms';
import { decimal, int, wire } from './values';

/** The unit_conversion element a create answers with (SPEC 2.9). */
export const unitConversionForm = form<Shown<'unit_conversion', undefined>>([
  verbatim('id', ({ row }) => int(row.id), wire.int),
  verbatim('from_unit_id', ({ row }) => int(row.from_unit_id), wire.int),
  verbatim('to_unit_id', ({ row }) => int(row.to_unit_id), wire.int),
  verbatim('factor', ({ row }) => decimal(row.factor), wire.decimal),
]);
