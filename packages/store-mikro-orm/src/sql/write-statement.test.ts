import { describe, expect, it } from 'vitest';
import { insertedId, insertRow, insertUnread, updateRow, writePlan } from '@pips/domain';
import { writeStatement } from './write-statement';

describe('writeStatement', () => {
  it('writes a plan as one statement: guards first, every step gated on them, references read from their insert', () => {
    const plan = writePlan([
      updateRow('unit', 7, { name: 'metre' }, { name: 'm' }),
      insertRow('parttype', { name: 'P', parent_id: null } as never, 'parent'),
      insertRow('parttype', { name: 'C', parent_id: insertedId('parent') } as never),
    ]);
    const { text, values } = writeStatement(plan);
    // The guard finds its row by id alone; what the plan expects of it is its verdict.
    expect(text).toMatch(/^WITH g0 AS \(SELECT e\."name" = \$1 AS "fresh" FROM "unit" e WHERE e\."id" = \$2 FOR UPDATE\), s0 AS \(UPDATE "unit" e SET "name" = \$4 WHERE e\."id" = \$3 AND EXISTS \(SELECT 1 FROM g0 WHERE "fresh"\) RETURNING /);
    expect(text).toContain('s1 AS (INSERT INTO "parttype" ("name", "parent_id") SELECT $5::text, $6::int4 WHERE EXISTS (SELECT 1 FROM g0 WHERE "fresh") RETURNING');
    expect(text).toContain('s2 AS (INSERT INTO "parttype" ("name", "parent_id") SELECT $7::text, (SELECT "id" FROM s1) WHERE EXISTS (SELECT 1 FROM g0 WHERE "fresh") RETURNING');
    expect(text).toMatch(/ SELECT EXISTS \(SELECT 1 FROM g0 WHERE "fresh"\), \(SELECT json_agg\(.*\) FROM s0 x\), .* FROM s1 x\), .* FROM s2 x\)$/);
    expect(values).toEqual(['m', '7', '7', 'metre', 'P', null, 'C']);
  });

  it('reads a failed guard as the stale step, and otherwise each step\'s rows', () => {
    const update = updateRow('unit', 7, { name: 'metre' });
    const statement = writeStatement(writePlan([update]));
    expect(statement.read([false, null])).toEqual({ stale: update });
    expect(statement.read([true, [[7, 'metre', null, true, '2024-01-01T00:00:00+00:00', '2024-01-01T00:00:00+00:00']]])).toMatchObject({
      steps: [[{ id: 7, name: 'metre' }]],
    });
  });

  it('writes unread inserts last, one insert per table with its rows in plan order, answering no row for them', () => {
    const unit = insertRow('unit', { name: 'metre' } as never, 'unit');
    const first = insertUnread('parttype', { name: 'P', parent_id: insertedId('unit') } as never);
    const second = insertUnread('parttype', { name: 'Q', parent_id: null } as never);
    const statement = writeStatement(writePlan([first, unit, second]));
    expect(statement.text).toContain(', u0 AS (INSERT INTO "parttype" ("name", "parent_id") SELECT * FROM (VALUES ($2::text, (SELECT "id" FROM d1)), ($3::text, $4::int4)) v)');
    expect(statement.text).toMatch(/ SELECT \(SELECT json_agg\(.*\) FROM s1 x\)$/);
    expect(statement.read([[[7, 'metre', null, true, '2024-01-01T00:00:00+00:00', '2024-01-01T00:00:00+00:00']]])).toMatchObject({ steps: [[], [{ id: 7 }], []] });
    // Alone, they answer one column all the same.
    expect(writeStatement(writePlan([second])).text).toMatch(/^WITH u0 AS \(INSERT INTO "parttype" .*\) SELECT NULL$/);
  });

  it('writes an unread insert at its place, counted, where a read insert goes into its table too', () => {
    const quiet = insertUnread('parttype', { name: 'P', parent_id: null } as never);
    const loud = insertRow('parttype', { name: 'Q', parent_id: null } as never);
    const statement = writeStatement(writePlan([quiet, loud]));
    expect(statement.text).toContain('s0 AS (INSERT INTO "parttype" ("name", "parent_id") SELECT $1::text, $2::int4 RETURNING "id")');
    expect(statement.text).toMatch(/ SELECT \(SELECT count\(\*\) FROM s0\), \(SELECT json_agg\(.*\) FROM s1 x\)$/);
    expect(statement.read([1, [[8, 'Q', null]]])).toMatchObject({ steps: [[], [{ id: 8 }]] });
  });
});
