import type { Manufacturer, ManufacturerRelated, Shown, Vendor } from '@pips/domain';
import { form, text, verbatim } from '@pips/xml/forms';
import type { TimeFormat } from '../time-format';
import { addressFields } from './address';
import { idList, int, wire } from './values';

/** The columns the manufacturer and vendor lists show: all they read. */
export const companyListColumns = ['id', 'name', 'short_name', 'created_at', 'updated_at'] as const;

type CompanyListed = { row: Pick<Manufacturer | Vendor, (typeof companyListColumns)[number]> };

/** The abbreviated list form manufacturers and vendors share (SPEC 2.6, 2.6a). */
export const companyListForm = form<CompanyListed, TimeFormat>([
  verbatim('id', ({ row }) => int(row.id), wire.int),
  text('name', ({ row }) => row.name),
  text('short_name', ({ row }) => row.short_name),
  verbatim('created_at', ({ row }, time) => time.iso(row.created_at), wire.isoTime),
  verbatim('updated_at', ({ row }, time) => time.iso(row.updated_at), wire.isoTime),
]);

/** Manufacturer show form (SPEC 2.6). */
export const manufacturerShowForm = form<Shown<'manufacturer', ManufacturerRelated>>([
  verbatim('id', ({ row }) => int(row.id), wire.int),
  text('name', ({ row }) => row.name),
  text('short_name', ({ row }) => row.short_name),
  text('website', ({ row }) => row.website),
  ...addressFields,
  idList('vendors', 'vendor', ({ related }) => related.vendorIds),
]);
