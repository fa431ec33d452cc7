import { AdminFailure } from './admin-operation';

/** Repeated option values (`--permission`, `--type`) as they cross to the server: a JSON list, so no value can split another. */
export const encodeNames = (names: readonly string[]): string => JSON.stringify(names);

/** The list `encodeNames` wrote; anything else is refused, naming `what` the list holds. */
export function decodeNames(text: string | undefined, what: string): string[] {
  const parsed: unknown = JSON.parse(text ?? '[]');
  if (!Array.isArray(parsed) || !parsed.every((p): p is string => typeof p === 'string')) throw new AdminFailure([`error: ${what} must be a list of names`]);
  return parsed;
}
