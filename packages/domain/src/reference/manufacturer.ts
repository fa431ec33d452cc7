import { groupBy } from '../group-by';
import { relatedData, rowsColumn } from './engine/with-related';
import { many } from '../read-plan';
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
  async beforeDelete(tx, row) {
    // Linecard entries only link; they go with either end.
    await tx.repo('linecard').deleteWhere({ manufacturer_id: row.id });
  },
};
