import { asInput } from '../../fields';
import { parseCreate, problems, type Fields } from '../../parse-input';
import { checkSerialQuantity } from '../quantity-rules';
import { readRecordInput, wantsGeneratedAssetId } from '../record-input';
import { serialNumberOf } from '../stock-rules';

/** SPEC 4.1 create: what `inventory_unit` may hold. */
export const createUnitFields = {
  inventory_sublocation_id: { type: 'int', required: true },
  unit_id: { type: 'int', required: true },
  quantity: { type: 'decimal', required: true, min: { value: '0', exclusive: false } },
  cost_per_unit: { type: 'decimal', min: { value: '0', exclusive: false } },
  asset_id: { type: 'string' },
  serial_number: { type: 'string' },
  datecode: { type: 'string' },
  lot_code: { type: 'string' },
  sublocation_bin: { type: 'string' },
  details: { type: 'text' },
  purchase_order_number: { type: 'string' },
} as const;

/** A create, typed: what a service using the domain passes, and what `parseCreateUnit` makes of a request. */
export interface CreateUnitInput {
  /** The part the path names. */
  readonly partId: number;
  readonly fields: Readonly<Fields<typeof createUnitFields>> & { readonly quantity: string };
  readonly generateAssetId: boolean;
  readonly comment: string | null;
}

/**
 * SPEC 4.1 create, parsed: the part the path names and the unit the body describes, every field
 * problem at once (a 400). Routes call it first.
 */
export function parseCreateUnit(part: { readonly partId: number }, raw: unknown, recordBeside?: unknown): CreateUnitInput {
  const found = problems();
  const read = parseCreate(createUnitFields, raw, found);
  const fields = { ...read, serial_number: serialNumberOf(read.serial_number) };
  const { comment } = readRecordInput(raw, recordBeside, found);
  if (typeof fields.quantity === 'string') checkSerialQuantity(fields.serial_number, fields.quantity, found);
  found.check();
  return {
    partId: part.partId,
    fields: fields as CreateUnitInput['fields'],
    generateAssetId: wantsGeneratedAssetId(asInput(raw).generate_asset_id),
    comment,
  };
}
