import type { AddressFields } from '@pips/domain';
import { text, type Field } from '@pips/xml/forms';

/** address1…country, phone1…phone3, in the order every show form lists them. */
export const addressFields: ReadonlyArray<Field<{ row: AddressFields }, unknown>> = [
  text('address1', ({ row }) => row.address1),
  text('address2', ({ row }) => row.address2),
  text('address3', ({ row }) => row.address3),
  text('city', ({ row }) => row.city),
  text('state', ({ row }) => row.state),
  text('postcode', ({ row }) => row.postcode),
  text('country', ({ row }) => row.country),
  text('phone1', ({ row }) => row.phone1),
  text('phone2', ({ row }) => row.phone2),
  text('phone3', ({ row }) => row.phone3),
];
