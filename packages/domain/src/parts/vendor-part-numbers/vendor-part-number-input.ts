import { parseCreate, problems, type Fields } from '../../parse-input';

/** SPEC 2.11: what `POST <P>/vendor_partnumber` reads. */
export const vendorPartNumberFields = {
  part_id: { type: 'int', required: true },
  vendor_id: { type: 'int', required: true },
  unit_id: { type: 'int' },
  part_number: { type: 'string', required: true },
  comment: { type: 'text' },
} as const;

export type VendorPartNumberInput = Fields<typeof vendorPartNumberFields>;

/** The parse step: typed input, or a 400 naming every bad field. */
export function parseVendorPartNumber(raw: unknown): VendorPartNumberInput {
  const found = problems();
  const input = parseCreate(vendorPartNumberFields, raw, found);
  found.check();
  return input;
}
