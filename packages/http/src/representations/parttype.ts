import type { ParttypeRelated, Shown } from '@pips/domain';
import { fields, type XmlFields } from '@pips/xml';
import type { TimeFormat } from '../time-format';
import { bool, decimal, int } from './values';

/** Parttype: one form for list and show (SPEC 2.7). There is no label resource, so label is empty. */
export function parttypeForm({ row, related }: Shown<'parttype', ParttypeRelated>, _time: TimeFormat): XmlFields {
  return fields([
    ['id', int(row.id)],
    ['name', row.name],
    ['attrition', decimal(row.attrition)],
    ['is_non_material', bool(row.is_non_material)],
    ['part_next', int(row.part_next)],
    ['partnumber_key', row.partnumber_key],
    ['parent_id', int(row.parent_id)],
    ['parent', related.parentName],
    ['parent_only', bool(row.parent_only)],
    ['label_id', int(row.label_id)],
    ['label', null],
  ]);
}
