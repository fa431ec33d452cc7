import { commandPermissions, requestFields, requestValues } from '@pips/domain';
import type { CompiledElement } from '@pips/xml/forms';
import { listOf, single, type BodyShape, type Operation } from '../operation';
import { findByPartnumber, pageParameters, searchParameters } from '../parameters';
import { partPathId } from './parts';

type Element = CompiledElement<never, never>;

const tagged = { tag: 'Inventory units', permission: commandPermissions.inventory } as const;

/** `generate_asset_id`: only the string `true` asks for one. */
const generateAssetId = { generate_asset_id: { type: 'string', enum: ['true'], description: '`true`: the next asset id (`A` and 7 digits) is given.' } };

/**
 * A unit body: the command's fields and the optional `inventory_record` nested in it (or beside it
 * as `inventory_record[comment]`, which the form-encoded body shows as its own key).
 */
function unitBody(fields: BodyShape['fields'], extra: BodyShape['extra'] = {}, record: BodyShape['extra'] = {}): BodyShape {
  return {
    fields,
    mode: 'create',
    extra,
    nested: { inventory_record: { fields: requestFields.inventoryRecord, mode: 'update', extra: record } },
  };
}

/** SPEC 4.1, and the records of a unit (an extension). */
export function inventoryOperations(elements: { unit: Element; listed: Element; searched: Element; record: Element }) {
  const unit = single(elements.unit, 'InventoryUnit');
  return {
    search: {
      id: 'searchInventoryUnits',
      summary: 'Search inventory units',
      description:
        'Units matching any of the triples `fieldN`, `comparisonN`, `termN` (N = 0, 1, 2, …: every index given is read, in index order; a gap ends nothing). No search parameter is passed over in silence: an unknown field or comparison at any index, a key spelled like one that is not one (`term`, `Term1`, `term01`) or a list value is 400. Always a page, in id order.',
      ...tagged,
      query: [...searchParameters, ...pageParameters],
      response: listOf('inventory_units', elements.searched, 'InventoryUnitFound', 'always'),
    },
    show: { id: 'showInventoryUnit', summary: 'Show an inventory unit', ...tagged, response: unit },
    update: {
      id: 'updateInventoryUnit',
      summary: "Correct a unit's details",
      ...tagged,
      body: { root: 'inventory_unit', required: true, shape: { fields: requestFields.unitUpdate, mode: 'update' } },
      response: unit,
    },
    adjust: {
      id: 'adjustInventoryQuantity',
      summary: "Set a unit's quantity",
      description: 'An `adjust` or `consume` record is written with the change.',
      ...tagged,
      body: {
        root: 'inventory_unit',
        required: true,
        shape: unitBody(requestFields.unitAdjust, {}, { adjustment_type: { type: 'string', enum: [...requestValues.adjustmentTypes], default: 'adjust' } }),
      },
      response: unit,
      refusedWhen: 'Refused (422) when a consumption would raise the quantity, or a serial-numbered unit would hold more than 1.',
    },
    create: {
      id: 'createInventoryUnit',
      summary: 'Put a new unit of a part into stock',
      ...tagged,
      body: { root: 'inventory_unit', required: true, shape: unitBody(requestFields.unitCreate, generateAssetId) },
      response: unit,
    },
    move: {
      id: 'moveInventoryUnit',
      summary: 'Move a unit to another sublocation',
      ...tagged,
      body: { root: 'inventory_unit', required: true, shape: unitBody(requestFields.unitMove) },
      response: unit,
    },
    split: {
      id: 'splitInventoryUnit',
      summary: 'Split a quantity off a unit into a new one',
      description: 'Answers the original unit first and the new unit second.',
      ...tagged,
      body: { root: 'inventory_unit', required: true, shape: unitBody(requestFields.unitSplit, generateAssetId) },
      response: listOf('inventory_units', elements.unit, 'InventoryUnit'),
      refusedWhen: 'Refused (422): a quantity not positive or not below the quantity available, an asset id missing or taken.',
    },
    ofPart: {
      id: 'listPartInventoryUnits',
      summary: "List a part's units",
      ...tagged,
      pathParameters: partPathId,
      query: [findByPartnumber],
      response: listOf('inventory_units', elements.listed, 'InventoryUnitListed'),
    },
    records: {
      id: 'listInventoryRecords',
      summary: "List a unit's history",
      description: 'One record per change, oldest first; a unit\'s quantity is the sum of its records\' changes. See docs/decisions.md, "Inventory units".',
      ...tagged,
      extension: true,
      query: pageParameters,
      response: listOf('inventory_records', elements.record, 'InventoryRecord', 'optional'),
    },
  } satisfies Record<string, Operation>;
}
