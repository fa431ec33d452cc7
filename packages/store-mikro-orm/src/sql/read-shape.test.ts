import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count, many, one, param, reach, ref, type Plan, type PlanEntry, type TableName } from '@pips/domain';
import type { ColumnSpec } from '../table-specs';
import { columnValue } from './column-values.test-helper';
import { compilePlan, planStatement } from './plan-statement';
import { readShapeOf } from './read-shape';
import { tableSql } from './table-sql';

const TABLES: TableName[] = ['part', 'unit', 'subpart', 'inventory_unit'];

/** A column's condition: a value, null, a parameter, a reference, or one operator with a value, null (a text operator's term never), a list or a parameter. */
function conditionOf(spec: ColumnSpec, earlier: readonly string[]): fc.Arbitrary<unknown> {
  const value = columnValue(spec);
  const operand = fc.oneof(value, fc.constant(null), fc.constant(param('given')));
  const list = fc.oneof(fc.array(value, { maxLength: 3 }), fc.array(fc.oneof(value, fc.constant(null)), { maxLength: 3 }), fc.constant(param('list')));
  return fc.oneof(
    value,
    fc.constant(null),
    fc.constant(param('given')),
    list.map(($in) => ({ $in })),
    fc.tuple(fc.constantFrom('$ne', '$gt', '$gte', '$lt', '$lte'), operand).map(([op, v]) => ({ [op]: v })),
    // A text operator's term is never null.
    fc.tuple(fc.constantFrom('$contains', '$startsWith', '$endsWith', '$equalsText'), fc.oneof(fc.string({ maxLength: 3 }), fc.constant(param('term')))).map(([op, v]) => ({ [op]: v })),
    ...(earlier.length > 0 && spec.kind === 'id' ? [fc.constantFrom(...earlier).map((name) => ref(name, 'id'))] : []),
  );
}

function whereOf(table: TableName, earlier: readonly string[], depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const t = tableSql(table);
  const columns = fc.subarray(t.columns as string[], { maxLength: 3 });
  const plain = columns.chain((chosen) => fc.tuple(...chosen.map((column) => conditionOf(t.specs.get(column)!, earlier))).map((values) => Object.fromEntries(chosen.map((column, i) => [column, values[i]]))));
  if (depth > 0) return plain;
  return fc.tuple(plain, fc.option(fc.array(whereOf(table, earlier, 1), { maxLength: 2 }), { nil: undefined })).map(([where, $or]) => ($or ? { ...where, $or } : where));
}

function entryOf(earlier: readonly string[]): fc.Arbitrary<PlanEntry> {
  return fc.constantFrom(...TABLES).chain((table) =>
    fc.oneof(
      whereOf(table, earlier).map((where) => one(table, where as never) as PlanEntry),
      whereOf(table, earlier).map((where) => count(table, where as never) as PlanEntry),
      fc
        .tuple(
          whereOf(table, earlier),
          fc.option(fc.oneof(fc.nat(5), fc.constant(param('limit'))), { nil: undefined }),
          fc.option(fc.oneof(fc.constant(0), fc.nat(5), fc.constant(param('offset'))), { nil: undefined }),
          fc.boolean(),
        )
        .map(([where, limit, offset, ordered]) =>
          many(table, where as never, {
            ...(limit !== undefined && { limit }),
            ...(offset !== undefined && { offset }),
            ...(ordered && { orderBy: [['id', 'desc']] as const }),
          }) as PlanEntry,
        ),
      ...(table === 'subpart'
        ? [whereOf(table, earlier).map((where) => reach('subpart', where as never, { parent: 'part_revision_id', child: 'subpart_part_revision_id' }) as PlanEntry)]
        : []),
    ),
  );
}

/** Plans of one to four entries, each of which may refer to an earlier many or one by its id. */
const plans: fc.Arbitrary<Plan> = fc.integer({ min: 1, max: 4 }).chain((size) => {
  const build = (plan: Record<string, PlanEntry>, i: number): fc.Arbitrary<Plan> => {
    if (i === size) return fc.constant(plan as Plan);
    const earlier = Object.entries(plan)
      .filter(([, entry]) => entry.kind === 'one' || entry.kind === 'many')
      .map(([name]) => name);
    return entryOf(earlier).chain((entry) => build({ ...plan, [`e${i}`]: entry }, i + 1));
  };
  return build({}, 0);
});

const ARGS = { given: 2, list: [1, 2], term: 'a', limit: 3, offset: 1 };

describe('a read plan\'s shape', () => {
  it('gives every plan the statement its own text would be, and its own values, whichever plan of its shape came first', () => {
    let shaped = 0;
    fc.assert(
      fc.property(plans, (plan) => {
        const made = compilePlan(plan);
        const statement = planStatement(plan, ARGS);
        expect(statement.text).toBe(made.text);
        expect(statement.values).toEqual(made.bind(ARGS));
        if (readShapeOf(plan)) shaped++;
      }),
      { seed: 24, numRuns: 2000 },
    );
    // Most plans have a shape (a list with a null has none), so the property ran through the cache.
    expect(shaped).toBeGreaterThan(1000);
  });

  it('keys a plan by what its text depends on: null, a list\'s being empty, an offset of 0 or another operator make another shape; values do not', () => {
    const key = (plan: Plan) => readShapeOf(plan)?.key;
    const parts = (where: object, options: object = {}) => ({ parts: many('part', where as never, options) }) as Plan;
    expect(key(parts({ id: 1 }))).toBe(key(parts({ id: 2 })));
    expect(readShapeOf(parts({ id: 1, partnumber: 'A' }))!.slots).toEqual([1, 'A']);
    expect(key(parts({ id: 1 }))).not.toBe(key(parts({ id: null })));
    expect(key(parts({ id: { $in: [1, 2] } }))).toBe(key(parts({ id: { $in: [3] } })));
    expect(key(parts({ id: { $in: [] } }))).not.toBe(key(parts({ id: { $in: [1] } })));
    expect(readShapeOf(parts({ id: { $in: [] } }))!.slots).toEqual([]);
    expect(readShapeOf(parts({ id: { $in: [1, null] } }))).toBeUndefined();
    expect(key(parts({ id: { $gt: 1 } }))).not.toBe(key(parts({ id: { $lt: 1 } })));
    expect(key(parts({}, { limit: 5, offset: 10 }))).toBe(key(parts({}, { limit: 6, offset: 20 })));
    expect(key(parts({}, { limit: 5, offset: 0 }))).not.toBe(key(parts({}, { limit: 5, offset: 10 })));
  });

  it('binds a plan compiled once by identity with the values written into it, each run', () => {
    const plan: Plan = { parts: many('part', { partnumber: 'P-1', id: param('id') } as never, {}) };
    expect(planStatement(plan, { id: 4 }).values).toEqual(['P-1', '4']);
    expect(planStatement(plan, { id: 5 }).values).toEqual(['P-1', '5']);
    expect(planStatement({ parts: many('part', { partnumber: 'P-2', id: param('id') } as never, {}) }, { id: 6 }).values).toEqual(['P-2', '6']);
  });
});
