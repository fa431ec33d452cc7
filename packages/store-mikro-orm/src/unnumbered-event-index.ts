/**
 * The index the numbering pass (`Tx.numberEvents`) finds unnumbered events by: only rows whose
 * `position` is still null are in it, so it stays as small as the events committed since the last
 * pass. MikroORM's index options have no WHERE, so the statement is given whole (migration 0012
 * writes it word for word) and its schema comparator matches the index by name.
 */
export const unnumberedEventIndex = {
  name: 'event_unnumbered_index',
  expression: 'create index "event_unnumbered_index" on "event" ("id") where "position" is null',
};
