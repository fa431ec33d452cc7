import { groupBy } from '../group-by';
import { relatedData, rowsColumn } from './engine/with-related';
import { many } from '../read-plan';
import { deleteRows } from '../write-plan';
import type { ColumnFields, ResourceDef } from './engine/resource-def';
import { addressFields, requiredText, text } from './common-fields';
import { linecardRemoved } from './linecard/linecard-events';
import type { Linecard } from '../records';

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
  // Linecard entries only link; they go with either end, each with its `linecard.removed`.
  deleteReads: { links: many('linecard', { manufacturer_id: rowsColumn('id') }, { columns: ['vendor_id'] }) },
  planDelete: (row) => [deleteRows('linecard', { manufacturer_id: row.id })],
  deletedWith: (row, loaded, source) =>
    (loaded.links as Array<Pick<Linecard, 'vendor_id'>>).map(({ vendor_id }) => linecardRemoved(source, { manufacturer_id: row.id, vendor_id })),
};
