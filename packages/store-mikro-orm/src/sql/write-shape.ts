import { isInsertedId, param, type WritePlan, type WriteStep } from '@pips/domain';
import { isScalar } from './params';

/**
 * A plan with each value it binds replaced by a numbered parameter (`param('0')`, …, in the order
 * met), the values in `slots` at those numbers, and `key`: the plan so written, as JSON. What a
 * plan's statement says depends on its steps, tables, columns, names and which values are null or
 * an insert's id, never on the other values; so two plans with one key share one statement text,
 * each binding its own slots. A plan holding anything else (an operator, a list) has no shape and
 * is written as it is.
 */
export interface WriteShape {
  readonly key: string;
  readonly shadow: WritePlan;
  readonly slots: unknown[];
}

/** The most steps a plan's shape is worked out for: larger plans are rare, each unlike the next. */
export const SHAPED_STEPS = 32;

export function shapeOf(plan: WritePlan): WriteShape | undefined {
  if (plan.steps.length > SHAPED_STEPS) return undefined;
  const slots: unknown[] = [];
  let shaped = true;
  // Null, undefined and an insert's id stay, as the statement's text depends on them.
  const slot = (value: unknown): unknown => {
    if (value === null || value === undefined || isInsertedId(value)) return value;
    if (!isScalar(value)) {
      shaped = false;
      return value;
    }
    slots.push(value);
    return param(String(slots.length - 1));
  };
  const record = (values: object): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const column in values) out[column] = slot((values as Record<string, unknown>)[column]);
    return out;
  };
  const shadowOf = (step: WriteStep): WriteStep => {
    switch (step.kind) {
      case 'insert':
        return { ...step, values: record(step.values) as typeof step.values };
      case 'update': {
        const id = slot(step.id) as number;
        const patch = record(step.patch) as typeof step.patch;
        return step.expected === undefined ? { ...step, id, patch } : { ...step, id, patch, expected: record(step.expected) as typeof step.expected };
      }
      case 'delete':
        return { ...step, where: record(step.where) as typeof step.where };
    }
  };
  const shadow: WritePlan = { steps: plan.steps.map(shadowOf) };
  return shaped ? { key: JSON.stringify(shadow.steps), shadow, slots } : undefined;
}
