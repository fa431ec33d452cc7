import { groupBy } from '../group-by';
import { relatedData, rowsColumn } from './engine/with-related';
import { many } from '../read-plan';
import { deleteRows } from '../write-plan';
import type { ColumnFields, ResourceDef } from './engine/resource-def';
import { addressFields, requiredText, text } from './common-fields';

const fields: ColumnFields<'manufacturer'> = { name: requiredText, short_name: text, website: text, ...addressFields };

export interface ManufacturerRelated {
  vendorIds: number[];
}

export const manufacturerResource: ResourceDef<'manufacturer', ManufacturerRelated> = {
  table: 'manufacturer',
  model: 'Manufacturer',
  createFields: fields,
  updateFields: fields,
  related: relatedData({ links: many('linecard', { manufacturer_id: rowsColumn('id') }) }, (loaded) => {
    const vendors = groupBy(loaded.links, (l) => l.manufacturer_id, (l) => l.vendor_id);
    return (row) => ({ vendorIds: vendors(row.id) });
  }),
  // A new manufacturer is no vendor's yet.
  createdRelated: () => ({ vendorIds: [] }),
  // Linecard entries only link; they go with either end.
  planDelete: (row) => [deleteRows('linecard', { manufacturer_id: row.id })],
};
