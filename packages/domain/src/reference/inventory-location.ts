import type { Input } from '../fields';
import { parseCreate, parseListField, problems } from '../parse-input';
import type { ColumnFields, Followup, ResourceDef } from './engine/resource-def';
import { groupBy } from '../group-by';
import { relatedData, rowsColumn } from './engine/with-related';
import { many } from '../read-plan';
import { deleteRows, insertRow } from '../write-plan';
import type { InventorySublocation } from '../records';
import { requiredText, text } from './common-fields';
import { dependentDeleted } from './engine/record-events';

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

/** The list a create may send its sublocations in, and the fields of each. */
export const SUBLOCATION_LIST = 'inventory_sublocations';
export const sublocationFields = { name: requiredText, has_bins: { type: 'bool', default: false } } as const;

/** The sublocation a location gets when it is created without any. */
export const DEFAULT_SUBLOCATION_NAME = 'Default';

export interface LocationRelated {
  sublocations: InventorySublocation[];
}

/** Reads the nested `inventory_sublocations` list of a create body. */
function prepareSublocations(input: Input): Followup<LocationRelated> {
  const found = problems();
  // A name is one sublocation, however often it is listed.
  const prepared = parseListField(input, SUBLOCATION_LIST, found, (item, own) => parseCreate(sublocationFields, item, own), { distinctBy: 'name' });
  const toCreate = prepared.length > 0 ? prepared : [{ name: DEFAULT_SUBLOCATION_NAME, has_bins: false }];
  return {
    errors: found.list,
    plan(location, now) {
      // Named, so each one's event has its id (`inventory_sublocation/<id>`).
      const steps = toCreate.map((sub, i) =>
        insertRow('inventory_sublocation', { inventory_location_id: location, name: sub.name, has_bins: sub.has_bins, created_at: now, updated_at: now }, `sublocation${i}`),
      );
      // In id order, as the location's show form reads them.
      return { steps, related: (written) => ({ sublocations: steps.flatMap((step) => written.rows(step)).sort((a, b) => a.id - b.id) }) };
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
  related: relatedData({ subs: many('inventory_sublocation', { inventory_location_id: rowsColumn('id') }) }, (loaded) => {
    const byLocation = groupBy(loaded.subs, (s) => s.inventory_location_id, (s) => s);
    return (row) => ({ sublocations: byLocation(row.id) });
  }),
  // Its sublocations go with it, each with its own event: their ids are read with the location.
  deleteReads: { sublocations: many('inventory_sublocation', { inventory_location_id: rowsColumn('id') }, { columns: ['id'] }) },
  planDelete: (row) => [deleteRows('inventory_sublocation', { inventory_location_id: row.id })],
  deletedWith: (_row, loaded, source) =>
    (loaded.sublocations as Array<Pick<InventorySublocation, 'id'>>).map(({ id }) => dependentDeleted(source, 'inventory_sublocation', id, 'view_inventory')),
};
