import type { Shown, UnitRelated } from '@pips/domain';
import { fields, list, type XmlFields } from '@pips/xml';
import type { TimeFormat } from '../time-format';
import { bool, decimal, int } from './values';

/** Unit list form (SPEC 2.8). */
export function unitListForm({ row }: Shown<'unit', UnitRelated>, _time: TimeFormat): XmlFields {
  return fields([
    ['id', int(row.id)],
    ['name', row.name],
    ['description', row.description],
  ]);
}

/** Unit show form: the list form, allow_fractional and the conversions from this unit. */
export function unitShowForm({ row, related }: Shown<'unit', UnitRelated>, _time: TimeFormat): XmlFields {
  return fields([
    ['id', int(row.id)],
    ['name', row.name],
    ['description', row.description],
    ['allow_fractional', bool(row.allow_fractional)],
    [
      'unit_conversions',
      list(
        'unit_conversion',
        related.conversions.map((c) =>
          fields([
            ['id', int(c.id)],
            ['to_unit_id', int(c.to_unit_id)],
            ['factor', decimal(c.factor)],
          ]),
        ),
      ),
    ],
  ]);
}
