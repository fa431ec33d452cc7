import type { WriteStep } from './write-plan';

/** The payload of a plan's event insert, parsed as the feed answers it. */
export function eventPayload(step: WriteStep | undefined): Record<string, unknown> {
  if (step?.kind !== 'insert' || step.table !== 'event') throw new Error('not an event insert');
  return JSON.parse((step.values as { payload: string }).payload) as Record<string, unknown>;
}
