import { groupBy } from '../group-by';
import { relatedData, rowsColumn } from './engine/with-related';
import { many } from '../read-plan';
import { deleteRows } from '../write-plan';
import type { ColumnFields, ResourceDef } from './engine/resource-def';
import type { UnitConversion } from '../records';
import { requiredText } from './common-fields';
import { dependentDeleted } from './engine/record-events';

const createFields: ColumnFields<'unit'> = {
  name: requiredText,
  description: { type: 'text' },
  allow_fractional: { type: 'bool', default: true },
};
const updateFields: ColumnFields<'unit'> = {
  name: requiredText,
  description: { type: 'text' },
  allow_fractional: { type: 'bool' },
};

export interface UnitRelated {
  /** Conversions from this unit. */
  conversions: UnitConversion[];
}

export const unitResource: ResourceDef<'unit', UnitRelated> = {
  table: 'unit',
  model: 'Unit',
  createFields,
  updateFields,
  related: relatedData({ conversions: many('unit_conversion', { from_unit_id: rowsColumn('id') }) }, (loaded) => {
    const byUnit = groupBy(loaded.conversions, (c) => c.from_unit_id, (c) => c);
    return (row) => ({ conversions: byUnit(row.id) });
  }),
  // A new unit has no conversions yet.
  createdRelated: () => ({ conversions: [] }),
  // A conversion only describes its two units; it goes with either of them, with its own event.
  deleteReads: { conversions: many('unit_conversion', { $or: [{ from_unit_id: rowsColumn('id') }, { to_unit_id: rowsColumn('id') }] }, { columns: ['id'] }) },
  planDelete: (row) => [deleteRows('unit_conversion', { $or: [{ from_unit_id: row.id }, { to_unit_id: row.id }] })],
  deletedWith: (_row, loaded, source) =>
    (loaded.conversions as Array<Pick<UnitConversion, 'id'>>).map(({ id }) => dependentDeleted(source, 'unit_conversion', id, null)),
};
