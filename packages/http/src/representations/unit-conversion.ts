import type { Shown } from '@pips/domain';
import { fields, type XmlFields } from '@pips/xml';
import type { TimeFormat } from '../time-format';
import { decimal, int } from './values';

/** The unit_conversion element a create answers with (SPEC 2.9). */
export function unitConversionForm({ row }: Shown<'unit_conversion', undefined>, _time: TimeFormat): XmlFields {
  return fields([
    ['id', int(row.id)],
    ['from_unit_id', int(row.from_unit_id)],
    ['to_unit_id', int(row.to_unit_id)],
    ['factor', decimal(row.factor)],
  ]);
}
