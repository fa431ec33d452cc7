import { messages } from '../errors';
import { refuseConversionDeleteWhileCounted } from '../inventory/stock-guards';
import type { ColumnFields, ResourceDef } from './engine/resource-def';

const fields: ColumnFields<'unit_conversion'> = {
  from_unit_id: { type: 'int', required: true },
  to_unit_id: { type: 'int', required: true },
  factor: { type: 'decimal', required: true, min: { value: '0', exclusive: true } },
};

export const unitConversionResource: ResourceDef<'unit_conversion'> = {
  table: 'unit_conversion',
  model: 'UnitConversion',
  createFields: fields,
  updateFields: {},
  async validate(_tx, next) {
    return next.from_unit_id === next.to_unit_id ? [messages.sameUnit()] : [];
  },
  // A conversion stays while stock is counted through it (docs/decisions.md, "Inventory units").
  beforeDelete: refuseConversionDeleteWhileCounted,
};
