import { asInput } from '../../fields';
import { parseCreate, problems } from '../../parse-input';
import { readRecordInput, wantsGeneratedAssetId } from '../record-input';

export const splitFields = {
  inventory_sublocation_id: { type: 'int', required: true },
  // Its sign and size are SPEC 7's 422s, checked against the unit: here only that it is a number.
  quantity: { type: 'decimal', required: true },
  asset_id: { type: 'string' },
  sublocation_bin: { type: 'string' },
} as const;

/** A split, typed: what a service using the domain passes, and what `parseSplit` makes of a request. */
export interface SplitInput {
  readonly partId: number;
  readonly unitId: number;
  readonly inventory_sublocation_id: number;
  /** A canonical decimal (`canonicalDecimal`: `2.5`, `10.0`); whether it fits the unit is the rules' to say. */
  readonly quantity: string;
  /** The new unit's asset id, when the request names one. */
  readonly asset_id: string | null;
  /** Whether to generate the new unit's asset id (when none is named). */
  readonly generateAssetId: boolean;
  readonly sublocation_bin: string | null;
  /** The comment both split records carry. */
  readonly comment: string | null;
}

/**
 * SPEC 4.1 split, parsed: the unit the path names, and from the body where the new unit goes, how
 * much it takes and its asset id (a 400 listing every field error). Routes call it first.
 */
export function parseSplit(unit: { readonly partId: number; readonly unitId: number }, raw: unknown, recordBeside?: unknown): SplitInput {
  const found = problems();
  const fields = parseCreate(splitFields, raw, found);
  const { comment } = readRecordInput(raw, recordBeside, found);
  found.check();
  return {
    partId: unit.partId,
    unitId: unit.unitId,
    inventory_sublocation_id: fields.inventory_sublocation_id!,
    quantity: fields.quantity!,
    asset_id: fields.asset_id,
    generateAssetId: wantsGeneratedAssetId(asInput(raw).generate_asset_id),
    sublocation_bin: fields.sublocation_bin,
    comment,
  };
}
