import { errors } from '../errors';
import { groupBy } from '../group-by';
import { relatedData, rowsColumn } from './engine/with-related';
import { count, many } from '../read-plan';
import { deleteRows } from '../write-plan';
import type { ColumnFields, ResourceDef } from './engine/resource-def';
import { addressFields, requiredText, text } from './common-fields';

const fields: ColumnFields<'vendor'> = {
  name: requiredText,
  short_name: text,
  website: text,
  account_number: text,
  ...addressFields,
};

export interface VendorRelated {
  manufacturerIds: number[];
}

export const vendorResource: ResourceDef<'vendor', VendorRelated> = {
  table: 'vendor',
  model: 'Vendor',
  createFields: fields,
  updateFields: fields,
  related: relatedData({ links: many('linecard', { vendor_id: rowsColumn('id') }) }, (loaded) => {
    const manufacturers = groupBy(loaded.links, (l) => l.vendor_id, (l) => l.manufacturer_id);
    return (row) => ({ manufacturerIds: manufacturers(row.id) });
  }),
  // A new vendor links no manufacturer yet.
  createdRelated: () => ({ manufacturerIds: [] }),
  deleteReads: { contacts: count('contact', { vendor_id: rowsColumn('id') }) },
  planDelete(row, loaded) {
    if ((loaded.contacts as number) > 0) throw errors.inUseByTable('contact');
    return [deleteRows('linecard', { vendor_id: row.id })];
  },
};
