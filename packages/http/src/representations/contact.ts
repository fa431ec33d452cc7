import type { Shown } from '@pips/domain';
import { fields, type XmlFields } from '@pips/xml';
import type { TimeFormat } from '../time-format';
import { addressEntries } from './address';
import { int } from './values';

/** Contact list form (SPEC 2.5). */
export function contactListForm({ row }: Shown<'contact', undefined>, time: TimeFormat): XmlFields {
  return fields([
    ['id', int(row.id)],
    ['first_name', row.first_name],
    ['last_name', row.last_name],
    ['email', row.email],
    ['created_at', time.iso(row.created_at)],
    ['updated_at', time.iso(row.updated_at)],
  ]);
}

/** Contact show form (SPEC 2.5), then the writable job_position and customer_id (docs/decisions.md). */
export function contactShowForm({ row }: Shown<'contact', undefined>, time: TimeFormat): XmlFields {
  return fields([
    ['id', int(row.id)],
    ['first_name', row.first_name],
    ['last_name', row.last_name],
    ['email', row.email],
    ...addressEntries(row),
    ['created_on', time.space(row.created_at)],
    ['updated_on', time.space(row.updated_at)],
    ['vendor_id', int(row.vendor_id)],
    ['job_position', row.job_position],
    ['customer_id', int(row.customer_id)],
  ]);
}
