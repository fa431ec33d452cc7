import type { Shown, VendorRelated } from '@pips/domain';
import { fields, type XmlFields } from '@pips/xml';
import type { TimeFormat } from '../time-format';
import { addressEntries } from './address';
import { idList, int } from './values';

/** Vendor show form (SPEC 2.6a); the list form is shared with manufacturers. */
export function vendorShowForm({ row, related }: Shown<'vendor', VendorRelated>, _time: TimeFormat): XmlFields {
  return fields([
    ['id', int(row.id)],
    ['name', row.name],
    ['short_name', row.short_name],
    ['website', row.website],
    ['account_number', row.account_number],
    ...addressEntries(row),
    ['manufacturers', idList('manufacturer', related.manufacturerIds)],
  ]);
}
