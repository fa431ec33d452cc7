import type { TableSql } from './table-sql';
import { searchesText, type Page } from './where-sql';

/**
 * What a find's `FROM` reads, aliased `e`: the table filtered by `condition` (the SQL of `where`).
 * A text search with a limit reads its matches first, in an `OFFSET 0` subquery the planner plans
 * apart, and then sorts them: left to itself, the planner guesses a piece of text matches many rows
 * and walks the primary key in order until the page is full, which for a rare term reads the whole
 * table whatever indexes it has. Reading the matches costs what the search's total costs anyway.
 */
export function matchingRows(t: TableSql, where: object | undefined, condition: string, page: Page | undefined): string {
  const filtered = `${t.quoted} e WHERE ${condition}`;
  return page?.limit !== undefined && searchesText(where) ? `(SELECT * FROM ${filtered} OFFSET 0) e` : filtered;
}
