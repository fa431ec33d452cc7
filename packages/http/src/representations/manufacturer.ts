import type { Manufacturer, ManufacturerRelated, Shown, Vendor } from '@pips/domain';
import { fields, type XmlFields } from '@pips/xml';
import type { TimeFormat } from '../time-format';
import { addressEntries } from './address';
import { idList, int } from './values';

/** The abbreviated list form manufacturers and vendors share (SPEC 2.6, 2.6a). */
export function companyListForm({ row }: { row: Manufacturer | Vendor }, time: TimeFormat): XmlFields {
  return fields([
    ['id', int(row.id)],
    ['name', row.name],
    ['short_name', row.short_name],
    ['created_at', time.iso(row.created_at)],
    ['updated_at', time.iso(row.updated_at)],
  ]);
}

/** Manufacturer show form (SPEC 2.6). */
export function manufacturerShowForm(
  { row, related }: Shown<'manufacturer', ManufacturerRelated>,
  _time: TimeFormat,
): XmlFields {
  return fields([
    ['id', int(row.id)],
    ['name', row.name],
    ['short_name', row.short_name],
    ['website', row.website],
    ...addressEntries(row),
    ['vendors', idList('vendor', related.vendorIds)],
  ]);
}
