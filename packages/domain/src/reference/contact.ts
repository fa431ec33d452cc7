import { messages } from '../errors';
import type { ColumnFields, ResourceDef } from './engine/resource-def';
import { addressFields, text } from './common-fields';

const fields: ColumnFields<'contact'> = {
  first_name: text,
  last_name: text,
  email: text,
  job_position: text,
  vendor_id: { type: 'int' },
  customer_id: { type: 'int' },
  ...addressFields,
};

export const contactResource: ResourceDef<'contact'> = {
  table: 'contact',
  model: 'Contact',
  createFields: fields,
  updateFields: fields,
  async validate(_tx, next) {
    // A contact is a person: it needs at least one of its names.
    return next.first_name === null && next.last_name === null ? [messages.blank('last_name')] : [];
  },
};
