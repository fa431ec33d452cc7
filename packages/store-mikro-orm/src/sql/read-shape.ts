import { isPlanParam, isPlanRef, param, type Plan, type PlanArgs } from '@pips/domain';
import { isScalar } from './params';

/**
 * A read plan with each value written into it replaced by a parameter (`param('\0' + n)`, in the
 * order met), the values in `slots` at those numbers, and `key`: the plan so written, as JSON. A
 * plan's statement depends on its entries, tables, columns, options, references and parameters,
 * which values are null, which operators it uses, whether a list is empty or holds a null, and
 * whether an offset is 0, never on the other values; so a plan built for one call with its values
 * in it shares one statement text with every plan of its key. A plan holding anything else (a
 * list holding null, an operator left undefined) has no shape and is compiled as it is.
 */
export interface ReadShape {
  readonly key: string;
  readonly shadow: Plan;
  readonly slots: readonly unknown[];
}

const isBranches = (value: unknown): value is object[] => Array.isArray(value) && value.every((branch) => branch !== null && typeof branch === 'object');

/** A slot's parameter name: no name the domain gives a parameter starts with NUL. */
const slotName = (n: number) => `\u0000${n}`;

export function readShapeOf(plan: Plan): ReadShape | undefined {
  const slots: unknown[] = [];
  let shaped = true;
  const slot = (value: unknown) => {
    slots.push(value);
    return param(slotName(slots.length - 1));
  };
  const refuse = <T>(value: T): T => {
    shaped = false;
    return value;
  };
  // What an operator compares with: null, a parameter or a list stand as they are.
  const operand = (op: string, value: unknown): unknown => {
    if (value === null || isPlanParam(value)) return value;
    // An empty list stays as it is (it matches nothing: no parameter); a list holding null has no shape.
    if (op === '$in') return Array.isArray(value) && value.every((item) => isScalar(item)) ? (value.length === 0 ? value : slot(value)) : refuse(value);
    return isScalar(value) ? slot(value) : refuse(value);
  };
  const condition = (given: unknown): unknown => {
    if (given === null || given === undefined || isPlanRef(given) || isPlanParam(given)) return given;
    if (isScalar(given)) return slot(given);
    if (typeof given !== 'object' || Array.isArray(given)) return refuse(given);
    const out: Record<string, unknown> = {};
    // An operator present but undefined still counts for some (`$ne`, the ranges): none are kept.
    for (const [op, value] of Object.entries(given)) out[op] = value === undefined ? refuse(value) : operand(op, value);
    return out;
  };
  const where = (given: object): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(given)) {
      out[column] = column !== '$or' ? condition(value) : isBranches(value) ? value.map((branch) => where(branch)) : refuse(value);
    }
    return out;
  };
  const shadow: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(plan)) {
    const options = entry.options as { limit?: unknown; offset?: unknown } | undefined;
    // A many's page is bound; a tree's bounds are checked (`checkPlan`) and stay. An offset of 0 reads as none.
    const page =
      entry.kind === 'many' && options
        ? {
            ...options,
            ...(options.limit !== undefined && { limit: operand('$limit', options.limit) }),
            ...(options.offset !== undefined && options.offset !== 0 && { offset: operand('$offset', options.offset) }),
          }
        : options;
    shadow[name] = { ...entry, where: entry.where === undefined ? undefined : where(entry.where), ...(page !== undefined && { options: page }) };
  }
  return shaped ? { key: JSON.stringify(shadow), shadow: shadow as Plan, slots } : undefined;
}

/** `args` with a shape's slots beside them, as its shadow's parameters name them. */
export function withSlots(args: PlanArgs | undefined, slots: readonly unknown[]): PlanArgs | undefined {
  if (slots.length === 0) return args;
  const all: Record<string, unknown> = { ...args };
  slots.forEach((value, n) => (all[slotName(n)] = value));
  return all;
}
