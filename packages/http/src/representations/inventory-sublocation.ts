import type { Shown } from '@pips/domain';
import { form, text, verbatim } from '@pips/xml/forms';
import type { TimeFormat } from '../time-format';
import { bool, int, wire } from './values';

/** Sublocation (SPEC 2.3), then the writable has_bins (docs/decisions.md). */
export const sublocationForm = form<Shown<'inventory_sublocation', undefined>, TimeFormat>([
  verbatim('id', ({ row }) => int(row.id), wire.int),
  verbatim('inventory_location_id', ({ row }) => int(row.inventory_location_id), wire.int),
  text('name', ({ row }) => row.name),
  verbatim('created_on', ({ row }, time) => time.space(row.created_at), wire.spaceTime),
  verbatim('updated_on', ({ row }, time) => time.space(row.updated_at), wire.spaceTime),
  verbatim('has_bins', ({ row }) => bool(row.has_bins), wire.bool),
]);
