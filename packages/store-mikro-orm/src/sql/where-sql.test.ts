import { describe, expect, it } from 'vitest';
import { ref } from '@pips/domain';
import { createParams } from './params';
import { tableSql } from './table-sql';
import { whereSql, type RefSql } from './where-sql';

const compile = (where: object, refs?: RefSql) => {
  const params = createParams();
  return { text: whereSql(tableSql('inventory_unit'), 'e', where, params, refs), values: params.values };
};

describe('where SQL', () => {
  // ILIKE for all four, so one trigram index per column serves every comparison a search makes.
  it('compiles every text operator to ILIKE with an escaped pattern', () => {
    const term = 'a%b_c\\d';
    const escaped = 'a\\%b\\_c\\\\d';
    for (const [op, pattern] of [
      ['$contains', `%${escaped}%`],
      ['$startsWith', `${escaped}%`],
      ['$endsWith', `%${escaped}`],
      ['$equalsText', escaped],
    ] as const) {
      expect(compile({ serial_number: { [op]: term } }), op).toEqual({ text: 'e."serial_number" ILIKE $1', values: [pattern] });
    }
  });

  it('puts each $or branch in parentheses, an empty list as FALSE and an empty branch as TRUE', () => {
    expect(compile({ part_id: 3, $or: [{ lot_code: 'x', vendor: null }, { $or: [] }, {}] })).toEqual({
      text: 'e."part_id" = $1 AND ((e."lot_code" = $2 AND e."vendor" IS NULL) OR (FALSE) OR (TRUE))',
      values: ['3', 'x'],
    });
  });

  // `IN (subquery)` inside OR is a filter on every row; an array computed once is an index lookup.
  it('reads a many’s reference inside $or as = ANY(ARRAY(…)), and as IN (…) outside it', () => {
    const refs: RefSql = () => ({ cte: 'p0', single: false });
    expect(compile({ part_id: ref('parts', 'id'), $or: [{ serial_number: { $contains: 'x' } }, { part_id: ref('parts', 'id') }] }, refs).text).toBe(
      'e."part_id" IN (SELECT r."id" FROM p0 r) AND ((e."serial_number" ILIKE $1) OR (e."part_id" = ANY(ARRAY(SELECT r."id" FROM p0 r))))',
    );
  });

  // The primary key finds the rows; the rest filters them, so no other index can be chosen for it.
  it('filters by the other conditions when the rows are named by id, and only at the top level', () => {
    expect(compile({ id: 7, part_id: 3, $or: [{ lot_code: 'x' }, { id: 8, vendor: 'v' }] })).toEqual({
      text: 'e."id" = $1 AND (e."part_id" = $2) IS TRUE AND (((e."lot_code" = $3) OR (e."id" = $4 AND e."vendor" = $5))) IS TRUE',
      values: ['7', '3', 'x', '8', 'v'],
    });
    expect(compile({ id: { $in: [7, 8] }, part_id: 3 }).text).toBe('e."id" = ANY($1::int4[]) AND (e."part_id" = $2) IS TRUE');
    // A range of ids, or none named, leaves the conditions as they are.
    expect(compile({ id: { $gt: 7 }, part_id: 3 }).text).toBe('e."id" > $1 AND e."part_id" = $2');
    expect(compile({ part_id: 3, serial_number: null }).text).toBe('e."part_id" = $1 AND e."serial_number" IS NULL');
  });
});
