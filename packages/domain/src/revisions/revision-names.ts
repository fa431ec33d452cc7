import { fieldProblem, messages, type Problem } from '../errors';
import type { PartRevision } from '../records';

/** `A` → `B`, `Z` → `AA`, `AZ` → `BA`: letters count as spreadsheet columns do. */
function nextLetters(name: string): string {
  const codes = [...name].map((c) => c.charCodeAt(0) - 65);
  let i = codes.length - 1;
  while (i >= 0 && codes[i] === 25) codes[i--] = 0;
  if (i < 0) codes.unshift(0);
  else codes[i]! += 1;
  return String.fromCharCode(...codes.map((c) => c + 65));
}

/** The name after `name`: letters advance (`B` → `C`), a trailing number counts up keeping its width (`R09` → `R10`), else `-2` is added. */
export function followingName(name: string): string {
  if (/^[A-Z]+$/.test(name)) return nextLetters(name);
  const number = /^(.*?)(\d+)$/.exec(name);
  if (number) {
    const [, head, digits] = number as unknown as [string, string, string];
    return head + String(Number(digits) + 1).padStart(digits.length, '0');
  }
  return `${name}-2`;
}

/** The first name after `after` that `taken` does not hold: a new revision's name when none is given. */
export function nextRevisionName(after: string, taken: ReadonlySet<string>): string {
  let name = followingName(after);
  while (taken.has(name)) name = followingName(name);
  return name;
}

/**
 * `Revision name has already been taken` when another of the part's `revisions` (all of them, read
 * with the part locked) has `name`: the first holder in id order counts, as a lookup by name finds it.
 */
export function takenNameProblems(revisions: ReadonlyArray<Pick<PartRevision, 'id' | 'revision_name'>>, name: string, selfId: number): Problem[] {
  const holder = revisions.find((revision) => revision.revision_name === name);
  return holder && holder.id !== selfId ? [fieldProblem('revision_name', messages.taken('revision_name'))] : [];
}
