import { messages } from '../errors';
import type { Input } from '../fields';
import { readList, type ListField } from '../list-field';
import type { ColumnFields, Followup, ResourceDef } from './engine/resource-def';
import { groupBy } from './engine/group-by';
import type { InventorySublocation } from '../records';
import { requiredText, text } from './common-fields';

const fields: ColumnFields<'inventory_location'> = {
  name: requiredText,
  shortname: text,
  timezone: text,
  description: { type: 'text' },
  phone1: text,
  phone2: text,
  address1: text,
  address2: text,
  city: text,
  state: text,
  postcode: text,
  country: text,
};

const sublocationList: ListField = {
  name: 'inventory_sublocations',
  items: { name: requiredText, has_bins: { type: 'bool', default: false } },
};

/** The sublocation a location gets when it is created without any. */
export const DEFAULT_SUBLOCATION_NAME = 'Default';

export interface LocationRelated {
  sublocations: InventorySublocation[];
}

/** Reads the nested `inventory_sublocations` list of a create body. */
function prepareSublocations(input: Input): Followup<'inventory_location'> {
  const { values, errors: problems } = readList(sublocationList, input);
  const prepared = values as Array<{ name: string; has_bins: boolean }>;
  const names = prepared.map((p) => p.name).filter(Boolean);
  if (new Set(names).size !== names.length) problems.push(messages.inList(sublocationList.name, messages.taken('name')));
  const toCreate = prepared.length > 0 ? prepared : [{ name: DEFAULT_SUBLOCATION_NAME, has_bins: false }];
  return {
    errors: problems,
    async apply(tx, location, now) {
      for (const sub of toCreate) {
        await tx.repo('inventory_sublocation').insert({
          inventory_location_id: location.id,
          name: sub.name,
          has_bins: sub.has_bins,
          created_at: now,
          updated_at: now,
        });
      }
    },
  };
}

export const inventoryLocationResource: ResourceDef<'inventory_location', LocationRelated> = {
  table: 'inventory_location',
  model: 'InventoryLocation',
  createFields: fields,
  updateFields: fields,
  permissions: { read: 'view_inventory', write: 'manage_data' },
  prepareCreate: prepareSublocations,
  async related(tx, rows) {
    const subs = await tx.repo('inventory_sublocation').find({ inventory_location_id: { $in: rows.map((r) => r.id) } });
    const byLocation = groupBy(subs, (s) => s.inventory_location_id, (s) => s);
    return (row) => ({ sublocations: byLocation(row.id) });
  },
  async beforeDelete(tx, row) {
    await tx.repo('inventory_sublocation').deleteWhere({ inventory_location_id: row.id });
  },
};
