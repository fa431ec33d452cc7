import type { Plan } from './read-plan';

/**
 * `plan` with no entry locking: what a command reads, in the statement after `Tx.lockRows(plan)`,
 * of the rows it locked there (that statement begins once the locks are held, so it reads them as
 * locked).
 */
export function unlocked<P extends Plan>(plan: P): P {
  const entries = Object.entries(plan).map(([name, entry]) =>
    entry.kind === 'many' && entry.options?.lock ? [name, { ...entry, options: { ...entry.options, lock: false } }] : [name, entry],
  );
  return Object.fromEntries(entries) as P;
}
