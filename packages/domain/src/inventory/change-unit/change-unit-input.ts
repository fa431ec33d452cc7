import { asInput } from '../../fields';
import { messages } from '../../errors';
import { parseChanges, parseCreate, problems, type FieldChanges } from '../../parse-input';
import { readRecordInput } from '../record-input';
import { serialNumberOf } from '../stock-rules';

/** SPEC 4.1 update: the details a unit's owner may correct. */
export const updateUnitFields = {
  cost_per_unit: { type: 'decimal', min: { value: '0', exclusive: false } },
  serial_number: { type: 'string' },
  lot_code: { type: 'string' },
  datecode: { type: 'string' },
  details: { type: 'text' },
  purchase_order_number: { type: 'string' },
} as const;

export type UnitDetailChanges = FieldChanges<typeof updateUnitFields>;

/** An update of a unit's details, typed: what a service using the domain passes, and what `parseUpdateUnit` makes of a request. */
export interface UpdateUnitInput {
  readonly partId: number;
  readonly unitId: number;
  /** Only the details sent; a serial number trimmed, blank as none. */
  readonly changes: UnitDetailChanges;
}

/** SPEC 4.1 update, parsed: the unit the path names and the details sent (a 400 listing every field error). Routes call it first. */
export function parseUpdateUnit(unit: { readonly partId: number; readonly unitId: number }, raw: unknown): UpdateUnitInput {
  const found = problems();
  const changes = parseChanges(updateUnitFields, raw, found);
  found.check();
  return {
    partId: unit.partId,
    unitId: unit.unitId,
    changes: 'serial_number' in changes ? { ...changes, serial_number: serialNumberOf(changes.serial_number) } : changes,
  };
}

export const ADJUSTMENT_TYPES = ['adjust', 'consume'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

/** An adjustment, typed: what a service using the domain passes, and what `parseAdjust` makes of a request. */
export interface AdjustInput {
  readonly partId: number;
  readonly unitId: number;
  /** The new quantity, a canonical decimal (`canonicalDecimal`) of 0 or more. */
  readonly quantity: string;
  readonly type: AdjustmentType;
  readonly comment: string | null;
}

export const adjustFields = { quantity: { type: 'decimal', required: true, min: { value: '0', exclusive: false } } } as const;

/**
 * SPEC 4.1 adjust_quantity, parsed: the unit the path names, the new quantity, and how the change
 * is recorded (`adjust` unless told). Routes call it first.
 */
export function parseAdjust(unit: { readonly partId: number; readonly unitId: number }, raw: unknown, recordBeside?: unknown): AdjustInput {
  const found = problems();
  const { quantity } = parseCreate(adjustFields, raw, found);
  const record = readRecordInput(raw, recordBeside, found);
  const type = (record.adjustment_type ?? 'adjust').trim();
  if (!(ADJUSTMENT_TYPES as readonly string[]).includes(type)) found.add(messages.oneOf('adjustment_type', ADJUSTMENT_TYPES));
  found.check();
  return { partId: unit.partId, unitId: unit.unitId, quantity: quantity!, type: type as AdjustmentType, comment: record.comment };
}

/** A move, typed: what a service using the domain passes, and what `parseMove` makes of a request. */
export interface MoveInput {
  readonly partId: number;
  readonly unitId: number;
  readonly inventory_sublocation_id: number;
  /** Null when not sent: a bin belongs to the sublocation the unit leaves. */
  readonly sublocation_bin: string | null;
  readonly comment: string | null;
}

export const moveFields = { inventory_sublocation_id: { type: 'int', required: true }, sublocation_bin: { type: 'string' } } as const;

/** SPEC 4.1 move, parsed: the unit the path names, where it goes, and the bin there. Routes call it first. */
export function parseMove(unit: { readonly partId: number; readonly unitId: number }, raw: unknown, recordBeside?: unknown): MoveInput {
  const found = problems();
  const fields = parseCreate(moveFields, asInput(raw), found);
  const { comment } = readRecordInput(raw, recordBeside, found);
  found.check();
  return {
    partId: unit.partId,
    unitId: unit.unitId,
    inventory_sublocation_id: fields.inventory_sublocation_id!,
    sublocation_bin: fields.sublocation_bin ?? null,
    comment,
  };
}
