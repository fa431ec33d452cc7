import type { Condition, FindOptions } from './ports';
import type { TableName, Tables } from './records';

/**
 * A column of an earlier entry of the same plan: the value of a `one` (equality), or every value
 * of a `many` (membership). A null value, a missing row or an empty list matches no row.
 */
export interface PlanRef {
  readonly $ref: string;
  readonly column: string;
}

/** A condition on one column of a plan entry: a `Condition` or a reference to an earlier entry. */
export type PlanWhere<T> = { [C in keyof T]?: Condition<T[C]> | PlanRef };

export interface PlanOne<K extends TableName> {
  readonly kind: 'one';
  readonly table: K;
  readonly where: PlanWhere<Tables[K]>;
}

/** How a `many` entry orders and limits its rows, and which of their columns it answers. */
export type ManyOptions<K extends TableName, C extends keyof Tables[K] & string> = Pick<FindOptions<Tables[K]>, 'orderBy' | 'limit' | 'offset'> & {
  /**
   * The columns to answer (all when absent): a list reads what its form shows and no more. A
   * later entry may refer only to a column answered here.
   */
  readonly columns?: readonly C[];
};

export interface PlanMany<K extends TableName, C extends keyof Tables[K] & string = keyof Tables[K] & string> {
  readonly kind: 'many';
  readonly table: K;
  readonly where: PlanWhere<Tables[K]>;
  readonly options: ManyOptions<K, C>;
}

export interface PlanCount<K extends TableName> {
  readonly kind: 'count';
  readonly table: K;
  readonly where: PlanWhere<Tables[K]>;
}

/** Any entry, as an adapter reads it (each of `one`, `many` and `count` is one). */
export interface PlanEntry {
  readonly kind: 'one' | 'many' | 'count';
  readonly table: TableName;
  readonly where: Readonly<Record<string, unknown>>;
  readonly options?: {
    readonly orderBy?: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
    readonly limit?: number;
    readonly offset?: number;
    readonly columns?: readonly string[];
  };
}

/**
 * Reads that belong together, named: each entry is a find on one table whose conditions may name
 * a column of an earlier entry (`ref`). A plan is answered as one statement, so its entries see
 * one state of the data however many tables they read, without a transaction around them.
 */
export type Plan = Record<string, PlanEntry>;

/** What a plan answers: a record or null for `one`, records for `many`, a number for `count`. */
export type PlanResult<P extends Plan> = {
  [E in keyof P]: P[E] extends PlanOne<infer K>
    ? Tables[K] | null
    : P[E] extends PlanMany<infer K, infer C>
      ? Pick<Tables[K], C>[]
      : P[E] extends PlanCount<TableName>
        ? number
        : never;
};

/** The first row matching `where` (in id order). */
export const one = <K extends TableName>(table: K, where: PlanWhere<Tables[K]>): PlanOne<K> => ({ kind: 'one', table, where });

/** Every row matching `where`, ordered (id ascending unless told), limited and projected as `options` say. */
export const many = <K extends TableName, C extends keyof Tables[K] & string = keyof Tables[K] & string>(
  table: K,
  where: PlanWhere<Tables[K]> = {},
  options: ManyOptions<K, C> = {},
): PlanMany<K, C> => ({ kind: 'many', table, where, options });

/** How many rows match `where`. */
export const count = <K extends TableName>(table: K, where: PlanWhere<Tables[K]> = {}): PlanCount<K> => ({
  kind: 'count',
  table,
  where,
});

/** `column` of the plan's entry `entry`, which must come before the entry naming it. */
export const ref = (entry: string, column: string): PlanRef => ({ $ref: entry, column });

export function isPlanRef(value: unknown): value is PlanRef {
  return value !== null && typeof value === 'object' && typeof (value as { $ref?: unknown }).$ref === 'string';
}

/** Throws unless every reference names an earlier entry: a plan is checked before it is run. */
export function checkPlan(plan: Plan): void {
  const seen = new Set<string>();
  for (const [name, entry] of Object.entries(plan)) {
    for (const condition of Object.values(entry.where)) {
      if (!isPlanRef(condition)) continue;
      const target = plan[condition.$ref];
      if (!seen.has(condition.$ref) || !target || target.kind === 'count') {
        throw new Error(`plan entry ${name} refers to ${condition.$ref}, which is no earlier one or many`);
      }
      const answered = target.options?.columns;
      if (answered && !answered.includes(condition.column)) {
        throw new Error(`plan entry ${name} refers to ${condition.$ref}.${condition.column}, which that entry does not answer`);
      }
    }
    seen.add(name);
  }
}
