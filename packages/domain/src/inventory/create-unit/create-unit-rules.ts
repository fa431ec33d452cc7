import { errors, messages } from '../../errors';
import { problems } from '../../parse-input';
import type { InventorySublocation, Part, Unit } from '../../records';
import { insertedId, insertRow, writePlan, type InsertStep, type WritePlan } from '../../write-plan';
import { recordValues, type ChangeStamp } from '../inventory-record';
import { checkWhole } from '../quantity-rules';
import { binProblems, measureProblems, type ConversionEnds } from '../stock-rules';
import type { CreateUnitInput } from './create-unit-input';

/** What a create is checked against, as the store has it (read in one statement, the part locked). */
export interface CreateUnitState {
  /** Null when the path names no part. */
  readonly part: Pick<Part, 'id' | 'unit_id'> | null;
  /** Null when the body names none that exists. */
  readonly sublocation: Pick<InventorySublocation, 'name' | 'has_bins'> | null;
  /** The measure the body names (null when it does not exist) and the part's. */
  readonly measure: Pick<Unit, 'id' | 'name' | 'allow_fractional'> | null;
  readonly partMeasure: Pick<Unit, 'id' | 'name'> | null;
  /** The conversions between the two, in either direction. */
  readonly conversions: readonly ConversionEnds[];
  /** Whether any unit holds the asset id the body names. */
  readonly assetIdTaken: boolean;
  /** Whether another unit of the part holds the serial number the body names. */
  readonly serialNumberTaken: boolean;
}

/**
 * Whether the unit may be created: the part must exist (404), then every problem at once (400), in
 * the order the fields are listed as the blank-field messages come (the bin, listed last, last):
 * the sublocation must exist, the measure exist, count whole units where it must and convert to
 * the part's, the asset id and the serial number be free.
 */
export function checkCreateUnit(input: Pick<CreateUnitInput, 'partId' | 'fields'>, state: CreateUnitState): void {
  if (!state.part) throw errors.notFound('Part', input.partId);
  const { fields } = input;
  const found = problems();
  if (!state.sublocation) found.add(messages.mustExist('inventory_sublocation_id'));
  if (!state.measure) found.add(messages.mustExist('unit_id'));
  else {
    checkWhole(fields.quantity, state.measure, found);
    // A part's unit exists: the part refers to it, and a unit in use is never deleted.
    found.add(...measureProblems(state.measure, state.partMeasure!, state.conversions));
  }
  if (state.assetIdTaken) found.add(messages.assetIdTaken());
  if (state.serialNumberTaken) found.add(messages.taken('serial_number'));
  if (state.sublocation) found.add(...binProblems(fields.sublocation_bin, state.sublocation));
  found.check();
}

/** A create's writes, and the step whose row is its answer. */
export interface CreateUnitPlan {
  readonly plan: WritePlan;
  readonly unit: InsertStep<'inventory_unit'>;
}

/**
 * The writes of a create `checkCreateUnit` allowed: the unit, counted in the site's currency with
 * the asset id it takes (named, generated or none), and its `create` record.
 */
export function planCreateUnit(
  input: Pick<CreateUnitInput, 'partId' | 'fields' | 'comment'>,
  assetId: string | null,
  currency: string,
  stamp: ChangeStamp,
): CreateUnitPlan {
  const { fields } = input;
  const unit = insertRow(
    'inventory_unit',
    {
      ...fields,
      part_id: input.partId,
      asset_id: assetId,
      currency,
      purchase_quantity: null,
      purchase_price: null,
      vendor: null,
      purchase_order_id: null,
      created_at: stamp.now,
      updated_at: stamp.now,
    },
    'unit',
  );
  const change = { type: 'create', before: '0.0', after: fields.quantity, to: fields.inventory_sublocation_id, comment: input.comment } as const;
  const record = insertRow('inventory_record', recordValues({ id: insertedId('unit'), part_id: input.partId }, change, stamp));
  return { plan: writePlan([unit, record]), unit };
}
