import { errors, messages } from '../errors';
import type { ResourceDef } from './engine/resource-def';
import { requiredText } from './common-fields';
import { refuseBinsOffWhileUsed } from '../inventory/stock-guards';

export const inventorySublocationResource: ResourceDef<'inventory_sublocation'> = {
  table: 'inventory_sublocation',
  model: 'InventorySublocation',
  createFields: {
    name: requiredText,
    inventory_location_id: { type: 'int', required: true },
    has_bins: { type: 'bool', default: false },
  },
  updateFields: {
    name: requiredText,
    inventory_location_id: { type: 'int' },
    has_bins: { type: 'bool' },
  },
  // Sublocations do not move between locations (docs/decisions.md).
  fixed: ['inventory_location_id'],
  permissions: { read: 'view_inventory', write: 'manage_data' },
  // Bins stay while units are kept in them (docs/decisions.md, "Inventory units").
  async beforeUpdate(tx, next, existing) {
    await refuseBinsOffWhileUsed(tx, existing, next.has_bins);
  },
  async beforeDelete(tx, row) {
    // Lock the location so two concurrent deletes cannot both see a sibling and leave none.
    await tx.repo('inventory_location').get(row.inventory_location_id, { lock: true });
    const siblings = await tx.repo('inventory_sublocation').count({ inventory_location_id: row.inventory_location_id });
    if (siblings <= 1) throw errors.unprocessable([messages.lastSublocation()]);
  },
};
