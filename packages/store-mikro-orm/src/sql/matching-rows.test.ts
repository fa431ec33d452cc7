import { describe, expect, it } from 'vitest';
import { matchingRows } from './matching-rows';
import { tableSql } from './table-sql';

const units = tableSql('inventory_unit');
const rows = (where: object, limit?: number) => matchingRows(units, where, 'C', { limit });

describe('matching rows', () => {
  it('reads a paged text search through a subquery the planner keeps apart', () => {
    expect(rows({ lot_code: { $contains: 'x' } }, 25)).toBe('(SELECT * FROM "inventory_unit" e WHERE C OFFSET 0) e');
    expect(rows({ part_id: 1, $or: [{ vendor: null }, { $or: [{ details: { $endsWith: 'x' } }] }] }, 1)).toMatch(/OFFSET 0\) e$/);
  });

  it('reads the table itself without a limit or without a text operator', () => {
    expect(rows({ lot_code: { $contains: 'x' } })).toBe('"inventory_unit" e WHERE C');
    expect(rows({ lot_code: 'x', $or: [{ vendor: { $in: ['a'] } }] }, 25)).toBe('"inventory_unit" e WHERE C');
  });
});
