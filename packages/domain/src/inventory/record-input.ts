import { asInput, type Input } from '../fields';
import { parseChanges, type Problems } from '../parse-input';

export const recordFields = { comment: { type: 'text' }, adjustment_type: { type: 'string' } } as const;

/**
 * SPEC 4.1's optional `inventory_record` (comment, adjustment_type): nested in `inventory_unit` as
 * an XML body carries it, or beside it as bracket parameters (`inventory_record[comment]=…`).
 */
export function readRecordInput(unit: unknown, beside: unknown, found: Problems): { comment: string | null; adjustment_type: string | null } {
  const nested = asInput(unit).inventory_record;
  const raw: Input = { ...asInput(beside), ...asInput(nested) };
  const read = parseChanges(recordFields, raw, found);
  return { comment: read.comment ?? null, adjustment_type: read.adjustment_type ?? null };
}

/** `generate_asset_id` asks for one only as the string `true` (SPEC 4.1). */
export const wantsGeneratedAssetId = (raw: unknown): boolean => typeof raw === 'string' && raw.trim() === 'true';
