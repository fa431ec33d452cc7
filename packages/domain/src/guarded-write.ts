import { isPipsError } from './errors';
import type { Store } from './ports';
import type { TableName } from './records';
import type { WritePlan, WrittenRows } from './write-plan';

/**
 * `plan` written as a transaction of its one statement, which commits: what a command that read
 * without locks writes, guarded on what it read. Null when a guard on `table` found its row
 * changed or gone (nothing written), for the caller to take another way. `posted`: as
 * `WriteOptions.posted`.
 */
export async function writeUnlessStale(store: Store, plan: WritePlan, table: TableName, posted?: () => void): Promise<WrittenRows | null> {
  try {
    return await store.transaction((tx) => tx.write(plan, posted ? { commit: true, posted } : { commit: true }));
  } catch (error) {
    if (isPipsError(error) && error.details.stale?.table === table) return null;
    throw error;
  }
}
