import type { WritePlan } from '../../write-plan';
import { LINK_COLUMNS, type Link } from './bill-loop';

type LinkColumn = (typeof LINK_COLUMNS)[number];

/** A link column's value in a step, which a bill write always knows (never an earlier insert's id). */
function linkValue(value: unknown, column: string): number {
  if (typeof value !== 'number') throw new Error(`A bill write's ${column} must be a number to be checked before it is written`);
  return value;
}

/** Whether `line` is a row `where` names: plain equality on link columns (what bill writes delete by). */
function named(line: Link, where: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(where).every(([column, value]) => {
    if (!(LINK_COLUMNS as readonly string[]).includes(column)) throw new Error(`A bill write deletes by ${column}, which the check cannot follow`);
    return line[column as LinkColumn] === linkValue(value, column);
  });
}

/**
 * `lines` as they will be once `plan` is written: its deletes of bill lines taken out, its updates
 * applied (a line it re-points lists its new child), its inserts added, numbered from `newIdsFrom`
 * on in plan order, as a store numbers them after every line there is. A step on a line that is
 * not among `lines` adds nothing: `lines` are the ones a walk reached, and such a line is beyond
 * it (or gone, which the write itself then answers). Other tables' steps are passed over.
 */
export function linksAfter(lines: readonly Link[], plan: WritePlan, newIdsFrom: number): Link[] {
  let after = [...lines];
  let nextId = newIdsFrom;
  for (const step of plan.steps) {
    if (step.table !== 'subpart') continue;
    if (step.kind === 'delete') after = after.filter((line) => !named(line, step.where));
    else if (step.kind === 'update') {
      const patch = step.patch as Readonly<Record<string, unknown>>;
      const moved = LINK_COLUMNS.filter((column) => patch[column] !== undefined);
      after = after.map((line) =>
        line.id === step.id ? { ...line, ...Object.fromEntries(moved.map((column) => [column, linkValue(patch[column], column)])) } : line,
      );
    } else {
      const values = step.values as Readonly<Record<string, unknown>>;
      const link = { id: nextId++ } as Record<LinkColumn, number>;
      for (const column of LINK_COLUMNS.filter((column) => column !== 'id')) link[column] = linkValue(values[column], column);
      after.push(link);
    }
  }
  return after;
}
