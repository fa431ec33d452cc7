// Generated values for the statement tests; nothing the build ships imports it.
import fc from 'fast-check';
import type { ColumnSpec } from '../table-specs';

/** A non-null value a column of `spec` holds. */
export function columnValue(spec: ColumnSpec): fc.Arbitrary<unknown> {
  switch (spec.kind) {
    case 'id':
    case 'integer':
      return fc.integer({ min: -5, max: 5 });
    case 'float':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'decimal':
      return fc.constantFrom('0', '1.5', '-2');
    case 'boolean':
      return fc.boolean();
    case 'timestamp':
      return fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true });
    default:
      return fc.string({ maxLength: 3 });
  }
}
