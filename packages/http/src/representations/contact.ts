import type { Columns, Shown } from '@pips/domain';
import { form, text, verbatim } from '@pips/xml/forms';
import type { TimeFormat } from '../time-format';
import { addressFields } from './address';
import { int, wire } from './values';

type ShownContact = Shown<'contact', undefined>;

/** The columns the contact list shows: all it reads. */
export const contactListColumns = ['id', 'first_name', 'last_name', 'email', 'created_at', 'updated_at'] as const;

/** Contact list form (SPEC 2.5). */
export const contactListForm = form<Columns<'contact', (typeof contactListColumns)[number]>, TimeFormat>([
  verbatim('id', ({ row }) => int(row.id), wire.int),
  text('first_name', ({ row }) => row.first_name),
  text('last_name', ({ row }) => row.last_name),
  text('email', ({ row }) => row.email),
  verbatim('created_at', ({ row }, time) => time.iso(row.created_at), wire.isoTime),
  verbatim('updated_at', ({ row }, time) => time.iso(row.updated_at), wire.isoTime),
]);

/** Contact show form (SPEC 2.5), then the writable job_position and customer_id (docs/decisions.md). */
export const contactShowForm = form<ShownContact, TimeFormat>([
  verbatim('id', ({ row }) => int(row.id), wire.int),
  text('first_name', ({ row }) => row.first_name),
  text('last_name', ({ row }) => row.last_name),
  text('email', ({ row }) => row.email),
  ...addressFields,
  verbatim('created_on', ({ row }, time) => time.space(row.created_at), wire.spaceTime),
  verbatim('updated_on', ({ row }, time) => time.space(row.updated_at), wire.spaceTime),
  verbatim('vendor_id', ({ row }) => int(row.vendor_id), wire.int),
  text('job_position', ({ row }) => row.job_position),
  verbatim('customer_id', ({ row }) => int(row.customer_id), wire.int),
]);
