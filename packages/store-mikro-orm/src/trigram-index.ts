import type { TableName } from '@pips/domain';

/** pg_trgm: the extension that splits text into trigrams, and its operator class for GIN indexes. */
const EXTENSION = 'pg_trgm';
const OPERATOR_CLASS = 'gin_trgm_ops';

/**
 * A trigram index as PostgreSQL builds it: GIN over pg_trgm's operator class, which serves ILIKE
 * whatever the pattern's wildcards. MikroORM's index options name no operator class, so the
 * statement is given whole; its schema comparator then matches such an index by name only
 * (migrations.test.ts checks how each is built).
 *
 * `fastupdate = off`: a row goes straight into the index rather than into a pending list that
 * only VACUUM merges. PGlite runs no autovacuum, and the planner prices a GIN index by its pending
 * list and by statistics only VACUUM writes: with the list on, a search there reads every row.
 * Writes of the indexed text are rare next to searches, so each paying its index update is cheap.
 */
export function trigramIndexSql(table: TableName, index: { readonly name: string; readonly columns: readonly string[] }): string {
  const columns = index.columns.map((column) => `"${column}" ${OPERATOR_CLASS}`).join(', ');
  return `create index "${index.name}" on "${table}" using gin (${columns}) with (fastupdate = off)`;
}

/**
 * A migration's `up` with pg_trgm created first when a statement uses it: MikroORM's comparator
 * writes the index but knows nothing of extensions. `down` leaves the extension, which other
 * things may use. pg_trgm is trusted (PostgreSQL 13 on): a role that may create in the database may create it.
 */
export function extensionsFirst(up: readonly string[]): string[] {
  return up.some((statement) => statement.includes(OPERATOR_CLASS)) ? [`create extension if not exists ${EXTENSION};`, ...up] : [...up];
}
