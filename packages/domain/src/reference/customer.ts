import { errors } from '../errors';
import { groupBy } from './engine/group-by';
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
  async related(tx, rows) {
    const contacts = await tx.repo('contact').find({ customer_id: { $in: rows.map((r) => r.id) } });
    const byCustomer = groupBy(contacts, (c) => c.customer_id, (c) => c.id);
    return (row) => ({ contactIds: byCustomer(row.id) });
  },
  async beforeDelete(tx, row) {
    if ((await tx.repo('contact').count({ customer_id: row.id })) > 0) throw errors.inUseByTable('contact');
  },
};
