import { errors } from '../../errors';
import type { ReadTx } from '../../ports';
import { isPlanRef, many, param, ref, type Plan, type PlanArgs, type PlanMany, type PlanRef, type PlanResult, type PlanWhere } from '../../read-plan';
import type { TableName } from '../../records';
import type { ResourceDef, RowOf, Shown } from './resource-def';

/** The plan entry holding the records a related plan refers to. */
export const ROWS = '$rows';

/** `column` of the records being shown, for a related plan's conditions. */
export const rowsColumn = (column: string): PlanRef => ref(ROWS, column);

/** Related data: plan entries beside the records (see `rowsColumn`), and each record's share of what they load. */
export interface RelatedDef<K extends TableName, X> {
  readonly plan: Plan;
  pick(loaded: Record<string, unknown>): (row: RowOf<K>) => X;
}

/** A `RelatedDef`, its `pick` typed by its plan. */
export function relatedData<K extends TableName, P extends Plan, X>(
  plan: P,
  pick: (loaded: PlanResult<P>) => (row: RowOf<K>) => X,
): RelatedDef<K, X> {
  return { plan, pick: pick as (loaded: Record<string, unknown>) => (row: RowOf<K>) => X };
}

/** How a resource's records are read with their related data: by id, and a batch after an id. */
interface ShownPlans {
  /** Parameter `id`. */
  readonly one: Plan;
  /** Parameters `after` (an id) and `limit`. */
  readonly batch: Plan;
}

/** Built once per definition, so each adapter checks and compiles them once. */
const plansByDef = new WeakMap<object, ShownPlans>();

function shownPlans<K extends TableName, X>(def: ResourceDef<K, X>): ShownPlans {
  let plans = plansByDef.get(def);
  if (!plans) {
    const withRelated = (rows: PlanMany<K>): Plan => ({ [ROWS]: rows, ...def.related?.plan });
    const byId: PlanWhere<RowOf<K>> = { id: param('id') } as PlanWhere<RowOf<K>>;
    const after: PlanWhere<RowOf<K>> = { id: { $gt: param('after') } } as PlanWhere<RowOf<K>>;
    plans = { one: withRelated(many(def.table, byId)), batch: withRelated(many(def.table, after, { limit: param('limit') })) };
    plansByDef.set(def, plans);
  }
  return plans;
}

/** The records a plan of `shownPlans` finds with their related data: one statement however many there are. */
async function loadShown<K extends TableName, X>(def: ResourceDef<K, X>, tx: ReadTx, plan: Plan, args: PlanArgs): Promise<Shown<K, X>[]> {
  const loaded = (await tx.load(plan, args)) as Record<string, unknown>;
  // A definition without `related` shows nothing more: its X is the default, undefined.
  const pick = def.related ? def.related.pick(loaded) : () => undefined as X;
  return (loaded[ROWS] as RowOf<K>[]).map((row) => ({ row, related: pick(row) }));
}

/** Up to `limit` records with ids above `after`, in id order, with their related data. */
export function shownBatch<K extends TableName, X>(def: ResourceDef<K, X>, tx: ReadTx, after: number, limit: number): Promise<Shown<K, X>[]> {
  return loadShown(def, tx, shownPlans(def).batch, { after, limit });
}

/** The record with `id` with its related data, or the 404 naming it. */
export async function shownOne<K extends TableName, X>(def: ResourceDef<K, X>, tx: ReadTx, id: number): Promise<Shown<K, X>> {
  const [shown] = await loadShown(def, tx, shownPlans(def).one, { id });
  if (!shown) throw errors.notFound(def.model, id);
  return shown;
}

/**
 * A command's read of the record `id`, locked, as the entry `rowsColumn` names, beside `entries`
 * and (with `related`) `def`'s related data: a write reads what it checks and what it answers at once.
 */
export function lockedRecordPlan<K extends TableName, X>(def: ResourceDef<K, X>, id: number, entries: Plan, related: boolean): Plan {
  const byId = { id } as PlanWhere<RowOf<K>>;
  return { [ROWS]: many(def.table, byId, { lock: true }), ...entries, ...(related && def.related?.plan) };
}

/** The record a `lockedRecordPlan` read, if it exists. */
export const lockedRecordOf = <K extends TableName>(loaded: Readonly<Record<string, unknown>>): RowOf<K> | undefined =>
  (loaded[ROWS] as RowOf<K>[])[0];

/** `row` shown with the related data a `lockedRecordPlan` with `related` read. */
export function shownFrom<K extends TableName, X>(def: ResourceDef<K, X>, loaded: Readonly<Record<string, unknown>>, row: RowOf<K>): Shown<K, X> {
  return { row, related: def.related ? def.related.pick(loaded)(row) : (undefined as X) };
}

/** The record's columns its related data is found by: an update of one reads its show form again. */
export function relatedByColumns<K extends TableName, X>(def: ResourceDef<K, X>): Set<string> {
  const columns = new Set<string>();
  const visit = (value: unknown): void => {
    if (isPlanRef(value)) {
      if (value.$ref === ROWS) columns.add(value.column);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  for (const entry of Object.values(def.related?.plan ?? {})) visit(entry.where);
  return columns;
}
