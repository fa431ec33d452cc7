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

export interface SplitInput {
  readonly inventory_sublocation_id: number;
  readonly quantity: string;
  readonly asset_id: string | null;
  readonly generateAssetId: boolean;
  readonly sublocation_bin: string | null;
  readonly comment: string | null;
}

/** SPEC 4.1 split: where the new unit goes, how much it takes, and its asset id. */
export function parseSplit(raw: unknown, recordBeside: unknown): SplitInput {
  const found = problems();
  const fields = parseCreate(splitFields, raw, found);
  const { comment } = readRecordInput(raw, recordBeside, found);
  found.check();
  return {
    inventory_sublocation_id: fields.inventory_sublocation_id!,
    quantity: fields.quantity!,
    asset_id: fields.asset_id,
    generateAssetId: wantsGeneratedAssetId(asInput(raw).generate_asset_id),
    sublocation_bin: fields.sublocation_bin,
    comment,
  };
}
