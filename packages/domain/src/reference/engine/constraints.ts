import { fieldProblem, messages, type Problem } from '../../errors';
import { missingReferences } from '../../existing-references';
import type { Tx } from '../../ports';
import type { TableName } from '../../records';
import { schema } from '../../schema';
import { whereColumns } from './column-values';
import type { RowOf } from './resource-def';

/** Unique keys and references from `schema`, checked so the caller gets every message at once. */
export async function checkConstraints<K extends TableName>(
  tx: Tx,
  table: K,
  next: Partial<RowOf<K>>,
  selfId: number | null,
  /** On update, the columns sent: keys and references they do not touch cannot have changed. */
  changed: ReadonlySet<string> | null = null,
): Promise<Problem[]> {
  const found: Problem[] = [];
  const touched = (columns: readonly string[]) => changed === null || columns.some((c) => changed.has(c));
  for (const key of schema[table].unique) {
    if (!touched(key.columns)) continue;
    if (key.columns.some((column) => next[column] === null || next[column] === undefined)) continue;
    const where: Record<string, unknown> = {};
    for (const column of key.columns) where[column] = next[column];
    if (selfId !== null) where.id = { $ne: selfId };
    const clash = await tx.repo(table).findOne(whereColumns<K>(where));
    if (clash) found.push(fieldProblem(key.field, messages.taken(key.field)));
  }
  const referenced = changed === null ? next : Object.fromEntries(Object.entries(next).filter(([column]) => changed.has(column)));
  found.push(...(await missingReferences(tx, table, referenced as Partial<RowOf<K>>)));
  return found;
}
