import type { Shown, VendorRelated } from '@pips/domain';
import { form, text, verbatim } from '@pips/xml/forms';
import { addressFields } from './address';
import { idList, int, wire } from './values';

/** Vendor show form (SPEC 2.6a); the list form is shared with manufacturers. */
export const vendorShowForm = form<Shown<'vendor', VendorRelated>>([
  verbatim('id', ({ row }) => int(row.id), wire.int),
  text('name', ({ row }) => row.name),
  text('short_name', ({ row }) => row.short_name),
  text('website', ({ row }) => row.website),
  text('account_number', ({ row }) => row.account_number),
  ...addressFields,
  idList('manufacturers', 'manufacturer', ({ related }) => related.manufacturerIds),
]);
