import type { InventorySublocation, LocationRelated, Shown } from '@pips/domain';
import { each, form, text, verbatim, type Field } from '@pips/xml/forms';
import type { TimeFormat } from '../time-format';
import { int, wire } from './values';

type ShownLocation = Shown<'inventory_location', LocationRelated>;

const locationFields: ReadonlyArray<Field<ShownLocation, TimeFormat>> = [
  verbatim('id', ({ row }) => int(row.id), wire.int),
  text('name', ({ row }) => row.name),
  text('shortname', ({ row }) => row.shortname),
  text('timezone', ({ row }) => row.timezone),
  text('description', ({ row }) => row.description),
  text('phone1', ({ row }) => row.phone1),
  text('phone2', ({ row }) => row.phone2),
  text('address1', ({ row }) => row.address1),
  text('address2', ({ row }) => row.address2),
  text('city', ({ row }) => row.city),
  text('state', ({ row }) => row.state),
  text('postcode', ({ row }) => row.postcode),
  text('country', ({ row }) => row.country),
  verbatim('created_on', ({ row }, time) => time.space(row.created_at), wire.spaceTime),
  verbatim('updated_on', ({ row }, time) => time.space(row.updated_at), wire.spaceTime),
];

/** Inventory location list form (SPEC 2.2). */
export const locationListForm = form(locationFields);

const sublocationInLocationForm = form<Pick<InventorySublocation, 'id' | 'name'>>([
  verbatim('id', (s) => int(s.id), wire.int),
  text('name', (s) => s.name),
]);

/** Show form: the list form followed by one repeated `inventory_sublocation` (id, name) each, unwrapped. */
export const locationShowForm = form<ShownLocation, TimeFormat>([
  ...locationFields,
  each('inventory_sublocation', sublocationInLocationForm, ({ related }) => related.sublocations),
]);
