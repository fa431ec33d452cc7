import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deleteRows, insertedId, insertRow, insertUnread, updateRow, writePlan, type TableName, type WritePlan, type WriteStep } from '@pips/domain';
import type { ColumnSpec } from '../table-specs';
import { columnValue } from './column-values.test-helper';
import { tableSql } from './table-sql';
import { shapeOf, SHAPED_STEPS } from './write-shape';
import { compileWrite, writeStatement } from './write-statement';

const TABLES: TableName[] = ['unit', 'parttype', 'manufacturer', 'inventory_unit', 'event'];

/** A value a column of `spec` may hold; an id column may hold an insert's id (`names`). */
function valueOf(spec: ColumnSpec, names: readonly string[], unset: boolean): fc.Arbitrary<unknown> {
  const own = columnValue(spec);
  const refs = spec.kind === 'id' && names.length > 0 ? [fc.constantFrom(...names).map(insertedId)] : [];
  return fc.oneof(own, fc.constant(null), ...(unset ? [fc.constant(undefined)] : []), ...refs);
}

/** Some of `table`'s columns, each with a value; with `unset`, some left undefined (a patch's "leave it"). */
function valuesOf(table: TableName, names: readonly string[], unset = false): fc.Arbitrary<Record<string, unknown>> {
  const t = tableSql(table);
  const columns = t.columns.filter((column) => column !== 'id');
  return fc.subarray(columns, { minLength: 1 }).chain((chosen) => fc.tuple(...chosen.map((column) => valueOf(t.specs.get(column)!, names, unset))).map((values) => Object.fromEntries(chosen.map((column, i) => [column, values[i]]))));
}

/** A plan a command could write: inserts (named, or unread), updates of distinct rows with or without expected values, deletes by id. */
const plans: fc.Arbitrary<WritePlan> = fc
  .array(fc.tuple(fc.constantFrom('insert', 'unread', 'update', 'delete'), fc.constantFrom(...TABLES)), { minLength: 1, maxLength: 6 })
  .chain((kinds) => {
    const names = kinds.flatMap(([kind], i) => (kind === 'insert' ? [`n${i}`] : []));
    return fc.tuple(
      ...kinds.map(([kind, table], i): fc.Arbitrary<WriteStep> => {
        switch (kind) {
          case 'insert':
            return valuesOf(table, names).map((values) => insertRow(table, values as never, `n${i}`));
          case 'unread':
            return valuesOf(table, names).map((values) => insertUnread(table, values as never));
          case 'update':
            return fc
              .tuple(valuesOf(table, names, true), fc.option(valuesOf(table, []), { nil: undefined }))
              .map(([patch, expected]) => updateRow(table, i + 1, patch as never, expected as never));
          default:
            return fc.oneof(fc.constant({ id: 100 + i }), fc.constant({ id: null })).map((where) => deleteRows(table, where as never));
        }
      }),
    );
  })
  .map((steps) => writePlan(steps));

describe('a plan\'s shape', () => {
  it('gives every plan the statement its own text would be, and its own values, whichever plan of its shape came first', () => {
    let shaped = 0;
    fc.assert(
      fc.property(plans, (plan) => {
        const made = compileWrite(plan);
        const statement = writeStatement(plan);
        expect(statement.text).toBe(made.text);
        expect(statement.values).toEqual(made.params.bind(undefined));
        if (shapeOf(plan)) shaped++;
      }),
      { seed: 24, numRuns: 2000 },
    );
    // The property ran through the cache: most plans have a shape, and shapes repeat.
    expect(shaped).toBeGreaterThan(1900);
  });

  it('keys a plan by what its text depends on: a null, an insert\'s id or another column makes another shape; other values do not', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const unit = (name: string | null, more: object = {}) => writePlan([insertRow('unit', { name, created_at: at, updated_at: at, ...more } as never, 'u')]);
    expect(shapeOf(unit('metre'))!.key).toBe(shapeOf(unit('inch'))!.key);
    expect(shapeOf(unit('metre'))!.slots).toEqual(['metre', at, at]);
    expect(shapeOf(unit('metre'))!.key).not.toBe(shapeOf(unit(null))!.key);
    expect(shapeOf(unit('metre'))!.key).not.toBe(shapeOf(unit('metre', { description: 'm' }))!.key);
    const typed = (parent: unknown) => writePlan([insertRow('parttype', { name: 'P', parent_id: null } as never, 'p'), insertRow('parttype', { name: 'C', parent_id: parent } as never)]);
    expect(shapeOf(typed(insertedId('p')))!.key).not.toBe(shapeOf(typed(3))!.key);
    expect(shapeOf(writePlan([updateRow('unit', 1, { name: 'a' }, { name: 'b' })]))!.key).not.toBe(shapeOf(writePlan([updateRow('unit', 1, { name: 'a' }, { name: null } as never)]))!.key);
  });

  it('has none for a plan with an operator or a list, nor for one of more steps than it is worked out for', () => {
    expect(shapeOf(writePlan([deleteRows('unit', { id: { $in: [1, 2] } } as never)]))).toBeUndefined();
    const many = Array.from({ length: SHAPED_STEPS + 1 }, (_, i) => insertUnread('unit', { name: `u${i}` } as never));
    expect(shapeOf(writePlan(many))).toBeUndefined();
    expect(writeStatement(writePlan(many)).values).toHaveLength(SHAPED_STEPS + 1);
  });

  it('answers a stale guard with the plan\'s own step, and lists what each step wrote with its own values', () => {
    const first = writeStatement(writePlan([updateRow('unit', 7, { name: 'metre' })]));
    const update = updateRow('unit', 8, { name: 'inch' });
    const second = writeStatement(writePlan([update]));
    expect(second.text).toBe(first.text);
    expect(second.read([false, null])).toEqual({ stale: update });
    expect(second.written).toEqual([{ table: 'unit', values: { name: 'inch' } }]);
  });
});
