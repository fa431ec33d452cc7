import type { CustomerRelated, Shown } from '@pips/domain';
import { form, text, verbatim } from '@pips/xml/forms';
import { decimal, idList, int, wire } from './values';

/** Customer: one form for list and show (SPEC 2.4). */
export const customerForm = form<Shown<'customer', CustomerRelated>>([
  verbatim('id', ({ row }) => int(row.id), wire.int),
  text('name', ({ row }) => row.name),
  text('email', ({ row }) => row.email),
  verbatim('discount', ({ row }) => decimal(row.discount), wire.decimal),
  text('tax_identification_number', ({ row }) => row.tax_identification_number),
  text('account_number', ({ row }) => row.account_number),
  text('credit_terms', ({ row }) => row.credit_terms),
  text('credit_limit', ({ row }) => row.credit_limit),
  text('payment_method', ({ row }) => row.payment_method),
  idList('contacts', 'contact', ({ related }) => related.contactIds),
]);
