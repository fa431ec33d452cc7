import type { CustomerRelated, Shown } from '@pips/domain';
import { fields, type XmlFields } from '@pips/xml';
import type { TimeFormat } from '../time-format';
import { decimal, idList, int } from './values';

/** Customer: one form for list and show (SPEC 2.4). */
export function customerForm({ row, related }: Shown<'customer', CustomerRelated>, _time: TimeFormat): XmlFields {
  return fields([
    ['id', int(row.id)],
    ['name', row.name],
    ['email', row.email],
    ['discount', decimal(row.discount)],
    ['tax_identification_number', row.tax_identification_number],
    ['account_number', row.account_number],
    ['credit_terms', row.credit_terms],
    ['credit_limit', row.credit_limit],
    ['payment_method', row.payment_method],
    ['contacts', idList('contact', related.contactIds)],
  ]);
}
