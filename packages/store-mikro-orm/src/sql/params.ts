import { argumentOf, type PlanArgs } from '@pips/domain';
import type { ColumnSpec } from '../table-specs';

/** The SQL array type a column's `$in` list is sent as. */
export function arrayType(spec: ColumnSpec): string {
  switch (spec.kind) {
    case 'id':
    case 'integer':
      return 'int4[]';
    case 'decimal':
      return 'numeric[]';
    case 'float':
      return 'float8[]';
    case 'boolean':
      return 'bool[]';
    case 'timestamp':
      return 'timestamptz[]';
    default:
      return 'text[]';
  }
}

/**
 * An instant as PostgreSQL reads it. `toISOString` writes a year past 9999 as `+010000` and one
 * before 1 as `0000` or `-000001`, which it does not read: those go as `10000-…` and `0001-… BC`
 * (the year before 1 is 1 BC). A day filter may end there (the day after 9999-12-31).
 */
function timestampParam(at: Date): string {
  const iso = at.toISOString();
  const year = at.getUTCFullYear();
  if (year >= 1 && year <= 9999) return iso;
  const rest = iso.slice(iso.indexOf('-', 1));
  return year > 9999 ? `${year}${rest}` : `${String(1 - year).padStart(4, '0')}${rest} BC`;
}

/** A value sent as one parameter whatever it holds (`toParam`): what a statement's text never depends on. */
export const isScalar = (value: unknown): boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value instanceof Date;

/**
 * A value as the text PostgreSQL reads for its column, so both drivers send the same thing
 * (PGlite need not ask the server for parameter types first). Null stays null.
 */
export function toParam(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return timestampParam(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new Error(`cannot send a ${typeof value} to the database`);
}

const quoteElement = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** An array literal (`{"1","2"}`) of non-null values: one parameter, whatever the list's length. */
export function toArrayParam(values: readonly unknown[]): string {
  return `{${values.map((value) => quoteElement(toParam(value) as string)).join(',')}}`;
}

/** One placeholder's value in a run: a value written into the plan, or a parameter's argument. */
type Binder = (args: PlanArgs | undefined) => string | null;

/**
 * A statement's parameters as they are collected; `add` answers the placeholder. A value may be
 * a plan parameter (`param(name)`), which is read from the run's arguments when the statement is
 * bound, through `transform` when given (a text search's pattern); `values` are those of a run
 * without arguments.
 */
export interface Params {
  readonly values: Array<string | null>;
  add(value: unknown, transform?: (value: unknown) => unknown): string;
  addArray(values: unknown, spec: ColumnSpec): string;
  /** Every placeholder's value for a run with `args`. */
  bind(args: PlanArgs | undefined): Array<string | null>;
}

export function createParams(): Params {
  const binders: Binder[] = [];
  const params: Params = {
    get values() {
      return params.bind(undefined);
    },
    add(value, transform) {
      binders.push((args) => {
        const given = argumentOf(value, args);
        return toParam(transform ? transform(given) : given);
      });
      return `$${binders.length}`;
    },
    addArray(list, spec) {
      binders.push((args) => toArrayParam(argumentOf(list, args) as readonly unknown[]));
      return `$${binders.length}::${arrayType(spec)}`;
    },
    bind: (args) => binders.map((bind) => bind(args)),
  };
  return params;
}
