import { errors } from '../errors';
import { groupBy } from '../group-by';
import { relatedData, rowsColumn } from './engine/with-related';
import { count, many } from '../read-plan';
import { deleteRows } from '../write-plan';
import type { ColumnFields, ResourceDef } from './engine/resource-def';
import { addressFields, requiredText, text } from './common-fields';
import { linecardRemoved } from './linecard/linecard-events';
import type { Linecard } from '../records';

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
  deleteReads: { contacts: count('contact', { vendor_id: rowsColumn('id') }), links: many('linecard', { vendor_id: rowsColumn('id') }, { columns: ['manufacturer_id'] }) },
  planDelete(row, loaded) {
    if ((loaded.contacts as number) > 0) throw errors.inUseByTable('contact');
    return [deleteRows('linecard', { vendor_id: row.id })];
  },
  // Its linecard entries go with it, each with its `linecard.removed`.
  deletedWith: (row, loaded, source) =>
    (loaded.links as Array<Pick<Linecard, 'manufacturer_id'>>).map(({ manufacturer_id }) => linecardRemoved(source, { manufacturer_id, vendor_id: row.id })),
};
