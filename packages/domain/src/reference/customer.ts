import { errors } from '../errors';
import { groupBy } from '../group-by';
import { relatedData, rowsColumn } from './engine/with-related';
import { count, many } from '../read-plan';
import type { ColumnFields, ResourceDef } from './engine/resource-def';
import { requiredText, text } from './common-fields';

const fields: ColumnFields<'customer'> = {
  name: requiredText,
  email: text,
  discount: { type: 'decimal' },
  tax_identification_number: text,
  account_number: text,
  credit_terms: text,
  credit_limit: text,
  payment_method: text,
};

export interface CustomerRelated {
  contactIds: number[];
}

export const customerResource: ResourceDef<'customer', CustomerRelated> = {
  table: 'customer',
  model: 'Customer',
  createFields: fields,
  updateFields: fields,
  related: relatedData({ contacts: many('contact', { customer_id: rowsColumn('id') }) }, (loaded) => {
    const byCustomer = groupBy(loaded.contacts, (c) => c.customer_id, (c) => c.id);
    return (row) => ({ contactIds: byCustomer(row.id) });
  }),
  // A new customer has no contacts yet.
  createdRelated: () => ({ contactIds: [] }),
  deleteReads: { contacts: count('contact', { customer_id: rowsColumn('id') }) },
  planDelete(_row, loaded) {
    if ((loaded.contacts as number) > 0) throw errors.inUseByTable('contact');
    return [];
  },
};
