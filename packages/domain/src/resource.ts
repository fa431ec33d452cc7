import { blankNotNull } from './columns';
import type { Context } from './context';
import { errors, messages } from './errors';
import { asInput, readFields, type FieldSpecs, type Input } from './fields';
import { requirePermission, type Permission } from './permissions';
import type { Tx, Where } from './ports';
import type { TableName, Tables } from './records';
import { schema } from './schema';

type RowOf<K extends TableName> = Tables[K];

/** A record with the related data its representations show. */
export interface Shown<K extends TableName, X> {
  row: RowOf<K>;
  related: X;
}

/** Work a create does after the record exists, prepared (and validated) before any write. */
export interface Followup<K extends TableName> {
  errors: string[];
  apply(tx: Tx, row: RowOf<K>, now: Date): Promise<void>;
}

/** How one reference resource is read, written and deleted; the engine below does the rest. */
export interface ResourceDef<K extends TableName, X = undefined> {
  readonly table: K;
  /** Model name in messages: `Couldn't find Manufacturer with 'id'=4`. */
  readonly model: string;
  readonly createFields: FieldSpecs;
  readonly updateFields: FieldSpecs;
  readonly permissions?: { readonly read?: Permission; readonly write?: Permission };
  /** Columns a create sets that no request writes. */
  readonly initial?: Partial<RowOf<K>>;
  /** Columns a create sets and an update may repeat but never change (422). */
  readonly fixed?: readonly (keyof RowOf<K> & string)[];
  /** Rules that need the store, after field checks; returns messages. */
  validate?(tx: Tx, next: Record<string, unknown>, existing: RowOf<K> | null): Promise<string[]>;
  /** Related data for each of `rows`, fetched in one go. */
  related?(tx: Tx, rows: readonly RowOf<K>[]): Promise<(row: RowOf<K>) => X>;
  /** Refuses (throws) or clears dependents before the delete. */
  beforeDelete?(tx: Tx, row: RowOf<K>): Promise<void>;
  prepareCreate?(input: Input): Followup<K>;
}

async function withRelated<K extends TableName, X>(
  def: ResourceDef<K, X>,
  tx: Tx,
  rows: readonly RowOf<K>[],
): Promise<Shown<K, X>[]> {
  const lookup = def.related ? await def.related(tx, rows) : () => undefined as X;
  return rows.map((row) => ({ row, related: lookup(row) }));
}

async function load<K extends TableName, X>(def: ResourceDef<K, X>, tx: Tx, id: number, lock = false) {
  const row = await tx.repo(def.table).get(id, { lock });
  if (!row) throw errors.notFound(def.model, id);
  return row;
}

/** Unique keys and references from `schema`, checked so the caller gets every message at once. */
async function checkConstraints<K extends TableName>(
  tx: Tx,
  table: K,
  next: Record<string, unknown>,
  selfId: number | null,
  /** On update, the columns sent: keys and references they do not touch cannot have changed. */
  changed: ReadonlySet<string> | null = null,
): Promise<string[]> {
  const found: string[] = [];
  const touched = (columns: readonly string[]) => changed === null || columns.some((c) => changed.has(c));
  for (const key of schema[table].unique) {
    if (!touched(key.columns)) continue;
    if (key.columns.some((column) => next[column] === null || next[column] === undefined)) continue;
    const where: Record<string, unknown> = {};
    for (const column of key.columns) where[column] = next[column];
    if (selfId !== null) where.id = { $ne: selfId };
    const clash = await tx.repo(table).findOne(where as Where<RowOf<K>>);
    if (clash) found.push(messages.taken(key.field));
  }
  for (const reference of schema[table].references) {
    if (!touched([reference.column])) continue;
    const target = next[reference.column];
    if (typeof target !== 'number') continue;
    if (!(await tx.repo(reference.table).get(target))) found.push(messages.mustExist(reference.column));
  }
  return found;
}

/** An update may send a fixed column's value again, but a new value is refused. */
function refuseFixedChanges<K extends TableName>(def: ResourceDef<K, unknown>, existing: RowOf<K>, values: Record<string, unknown>) {
  const changed = (def.fixed ?? []).filter((column) => column in values && values[column] !== existing[column]);
  if (changed.length > 0) throw errors.unprocessable(changed.map((column) => messages.cannotChange(column)));
}

/** How many records a streamed list reads per transaction. */
export const LIST_BATCH_SIZE = 500;

/**
 * Every record in id order, read in batches by id, each batch in its own short transaction,
 * so a long list never holds a connection (or memory) while a slow client reads it. The
 * permission check and the first batch happen before this resolves, so their errors are
 * still ordinary error responses. Records changed while a list is read may or may not show.
 */
export async function streamRecords<K extends TableName, X>(
  ctx: Context,
  def: ResourceDef<K, X>,
  batchSize = LIST_BATCH_SIZE,
): Promise<AsyncIterable<Shown<K, X>[]>> {
  requirePermission(ctx.actor, def.permissions?.read);
  const batchAfter = (lastId: number) =>
    ctx.store.transaction(async (tx) => {
      const where = { id: { $gt: lastId } } as Where<RowOf<K>>;
      return withRelated(def, tx, await tx.repo(def.table).find(where, { limit: batchSize }));
    });
  const first = await batchAfter(0);
  return (async function* () {
    for (let batch = first; batch.length > 0; ) {
      yield batch;
      if (batch.length < batchSize) return;
      batch = await batchAfter((batch.at(-1) as Shown<K, X>).row.id);
    }
  })();
}

export async function showRecord<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, id: number) {
  requirePermission(ctx.actor, def.permissions?.read);
  return ctx.store.transaction(async (tx) => {
    const [shown] = await withRelated(def, tx, [await load(def, tx, id)]);
    return shown as Shown<K, X>;
  });
}

export async function createRecord<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, raw: unknown) {
  requirePermission(ctx.actor, def.permissions?.write);
  const input = asInput(raw);
  const { values, errors: fieldErrors } = readFields(def.createFields, input, 'create');
  const followup = def.prepareCreate?.(input);
  return ctx.store.transaction(async (tx) => {
    const problems = [...fieldErrors, ...(followup?.errors ?? [])];
    if (problems.length === 0) {
      problems.push(...(await checkConstraints(tx, def.table, values, null)));
      if (def.validate) problems.push(...(await def.validate(tx, values, null)));
    }
    if (problems.length > 0) throw errors.invalid(problems);
    const now = ctx.clock.now();
    const row = await tx.repo(def.table).insert({ ...def.initial, ...values, created_at: now, updated_at: now } as never);
    await followup?.apply(tx, row, now);
    const [shown] = await withRelated(def, tx, [row]);
    return shown as Shown<K, X>;
  });
}

export async function updateRecord<K extends TableName, X>(
  ctx: Context,
  def: ResourceDef<K, X>,
  id: number,
  raw: unknown,
) {
  requirePermission(ctx.actor, def.permissions?.write);
  const { values, errors: fieldErrors } = readFields(def.updateFields, asInput(raw), 'update');
  // Blank is null, and a not-null column (a flag, a counter) has no null to become.
  const blanks = blankNotNull(def.table, values);
  return ctx.store.transaction(async (tx) => {
    const existing = await load(def, tx, id, true);
    const next: Record<string, unknown> = { ...existing, ...values };
    const problems = [...fieldErrors, ...blanks];
    if (problems.length === 0) {
      refuseFixedChanges(def, existing, values);
      problems.push(...(await checkConstraints(tx, def.table, next, id, new Set(Object.keys(values)))));
      if (def.validate) problems.push(...(await def.validate(tx, next, existing)));
    }
    if (problems.length > 0) throw errors.invalid(problems);
    // An update that sends nothing writes nothing (and keeps updated_at).
    const row =
      Object.keys(values).length === 0
        ? existing
        : ((await tx.repo(def.table).update(id, { ...values, updated_at: ctx.clock.now() } as never)) ?? existing);
    const [shown] = await withRelated(def, tx, [row]);
    return shown as Shown<K, X>;
  });
}

export async function deleteRecord<K extends TableName, X>(ctx: Context, def: ResourceDef<K, X>, id: number) {
  requirePermission(ctx.actor, def.permissions?.write);
  await ctx.store.transaction(async (tx) => {
    const row = await load(def, tx, id, true);
    await def.beforeDelete?.(tx, row);
    await tx.repo(def.table).delete(id);
  });
}

/** Groups `rows` by a numeric key, for `related` lookups. */
export function groupBy<T, V>(rows: readonly T[], key: (row: T) => number | null, value: (row: T) => V) {
  const groups = new Map<number, V[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = groups.get(k) ?? [];
    list.push(value(row));
    groups.set(k, list);
  }
  return (k: number) => groups.get(k) ?? [];
}
