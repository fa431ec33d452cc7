import type { Shown } from '@pips/domain';
import { fields, type XmlFields } from '@pips/xml';
import type { TimeFormat } from '../time-format';
import { bool, int } from './values';

/** Sublocation (SPEC 2.3), then the writable has_bins (docs/decisions.md). */
export function sublocationForm({ row }: Shown<'inventory_sublocation', undefined>, time: TimeFormat): XmlFields {
  return fields([
    ['id', int(row.id)],
    ['inventory_location_id', int(row.inventory_location_id)],
    ['name', row.name],
    ['created_on', time.space(row.created_at)],
    ['updated_on', time.space(row.updated_at)],
    ['has_bins', bool(row.has_bins)],
  ]);
}
