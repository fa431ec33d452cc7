import type { WritePlan } from '@pips/domain';
import { tooLongColumns } from '@pips/domain/storage';
import type { Operation, Written } from '../translate-error';

/**
 * Which step of a plan's one statement a database error came from, as `translateError` needs it:
 * a reference broken on a table the plan writes is its insert's or update's ("must exist"), one
 * broken elsewhere a delete's ("in use"); a value too long is the step that wrote one.
 */
export function failedStep(plan: WritePlan, written: ReadonlyArray<Written | undefined>, error: unknown): { operation: Operation; written?: Written } {
  const table: unknown = (error as { table?: unknown } | null)?.table;
  const at = plan.steps.findIndex((step) => step.kind !== 'delete' && step.table === table);
  if (at >= 0) return { operation: plan.steps[at]!.kind as Operation, written: written[at] };
  if (typeof table === 'string' && plan.steps.some((step) => step.kind === 'delete')) return { operation: 'delete' };
  const tooLong = written.find((w) => w !== undefined && tooLongColumns(w.table, w.values).length > 0);
  return tooLong ? { operation: 'insert', written: tooLong } : { operation: 'read' };
}
