import { errors } from '../../errors';
import type { FindOptions, ReadTx, Where } from '../../ports';
import { many, ref, type Plan, type PlanRef, type PlanResult } from '../../read-plan';
import type { TableName } from '../../records';
import type { ResourceDef, RowOf, Shown } from './resource-def';

/** The plan entry holding the records a related plan refers to. */
const ROWS = '$rows';

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

/** The records `where` finds with their related data: one statement however many there are. */
export async function loadShown<K extends TableName, X>(
  def: ResourceDef<K, X>,
  tx: ReadTx,
  where: Where<RowOf<K>>,
  options: Pick<FindOptions<RowOf<K>>, 'limit'> = {},
): Promise<Shown<K, X>[]> {
  const loaded = (await tx.load({ [ROWS]: many(def.table, where, options), ...def.related?.plan })) as Record<string, unknown>;
  // A definition without `related` shows nothing more: its X is the default, undefined.
  const pick = def.related ? def.related.pick(loaded) : () => undefined as X;
  return (loaded[ROWS] as RowOf<K>[]).map((row) => ({ row, related: pick(row) }));
}

/** The record with `id` with its related data, or the 404 naming it. */
export async function shownOne<K extends TableName, X>(def: ResourceDef<K, X>, tx: ReadTx, id: number): Promise<Shown<K, X>> {
  const [shown] = await loadShown(def, tx, { id } as Where<RowOf<K>>);
  if (!shown) throw errors.notFound(def.model, id);
  return shown;
}
