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
