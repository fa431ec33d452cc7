import type { Check, Measured } from './targets';

/**
 * What writing events costs a write: PIPS at its defaults against the same PIPS on a copy of the
 * same data where a `BEFORE INSERT` trigger on `event` drops each event row (returns NULL), so
 * every other statement, round trip and byte is the same (docs/decisions.md, "Events").
 */

/** The least a write with events may reach of the same write without them. */
export const EVENT_COST_AT_LEAST = 0.85;

/** The sides of the event cost, as the table names them. */
export const EVENT_SIDES = ['events', 'kept', 'dropped'] as const;
export type EventSide = (typeof EVENT_SIDES)[number];

/**
 * The trigger a side's database gets, installed by the bench in its own copy: `dropped` returns
 * NULL (the row is not written; the plan's insert returns no row), `kept` returns the row (the
 * trigger's own cost with the row written), `events` has none (PIPS as it ships).
 */
export function eventTriggerSql(side: EventSide): string | null {
  if (side === 'events') return null;
  const result = side === 'dropped' ? 'NULL' : 'NEW';
  return (
    `CREATE FUNCTION bench_event_trigger() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN ${result}; END $$; ` +
    `CREATE TRIGGER bench_event_trigger BEFORE INSERT ON "event" FOR EACH ROW EXECUTE FUNCTION bench_event_trigger();`
  );
}

/** One write's figures on each side. */
export type EventCostRow = { label: string } & Partial<Record<EventSide, Measured>>;

const share = (a: Measured | undefined, b: Measured | undefined): number | null => (a && b && b.requestsPerSecond > 0 ? a.requestsPerSecond / b.requestsPerSecond : null);

/**
 * A write's share of its rate without events: with events as PIPS ships (`events/dropped`, which
 * spares the with side the trigger's call) and with the row kept behind the same trigger
 * (`kept/dropped`, where only the row differs). The lower of the two is the one checked.
 */
export function eventShares(row: EventCostRow): { shipped: number | null; row: number | null; checked: number | null } {
  const shipped = share(row.events, row.dropped);
  const kept = share(row.kept, row.dropped);
  const known = [shipped, kept].filter((value): value is number => value !== null);
  return { shipped, row: kept, checked: known.length > 0 ? Math.min(...known) : null };
}

/** Each write's check: met at `atLeast` or more of its rate without events, missed below it or with errors on any side. */
export function eventCostChecks(engine: string, rows: readonly EventCostRow[], atLeast = EVENT_COST_AT_LEAST): Check[] {
  return rows.map((row) => {
    const label = `${engine} ${row.label} with events ≥ ${atLeast}× without`;
    const errors = EVENT_SIDES.map((side) => row[side]?.errors ?? 0);
    if (errors.some((count) => count > 0)) return { label, status: 'MISSED', detail: `errors: ${errors.join('/')}` };
    const { checked } = eventShares(row);
    if (checked === null) return { label, status: 'not measured', detail: '' };
    return { label, status: checked >= atLeast ? 'met' : 'MISSED', detail: checked.toFixed(3) };
  });
}
