import { errors } from '../errors';
import { groupBy } from './engine/group-by';
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
  async related(tx, rows) {
    const links = await tx.repo('linecard').find({ vendor_id: { $in: rows.map((r) => r.id) } });
    const manufacturers = groupBy(links, (l) => l.vendor_id, (l) => l.manufacturer_id);
    return (row) => ({ manufacturerIds: manufacturers(row.id) });
  },
  async beforeDelete(tx, row) {
    if ((await tx.repo('contact').count({ vendor_id: row.id })) > 0) throw errors.inUseByTable('contact');
    await tx.repo('linecard').deleteWhere({ vendor_id: row.id });
  },
};
