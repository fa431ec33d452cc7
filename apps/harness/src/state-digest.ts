import { createHash } from 'node:crypto';
import { numberEvents, type Store, type TableName } from '@pips/domain';
import { schema } from '@pips/domain/storage';

export interface StateDigest {
  /** SHA-256 of every row of every table, tables by name and rows by id. */
  readonly sha256: string;
  readonly rows: number;
}

/**
 * What the store holds, as one digest: equal digests, equal data. Sequences are left out: a
 * number a refused request took may be skipped (PostgreSQL's sequences do the same), so a gap in
 * ids is no change. Events are numbered first, as any read of the feed numbers them (a pass
 * numbers what is committed and not yet numbered): a feed read, or a long poll waking between two
 * digests, is no change either. Tests compare it before and after a request to prove it changed
 * nothing.
 */
export async function stateDigest(store: Store): Promise<StateDigest> {
  await numberEvents(store);
  const hash = createHash('sha256');
  let rows = 0;
  await store.read(async (tx) => {
    for (const table of Object.keys(schema).sort() as TableName[]) {
      const found = await tx.repo(table).find();
      found.sort((a, b) => a.id - b.id);
      hash.update(`${table}\n${JSON.stringify(found)}\n`);
      rows += found.length;
    }
  });
  return { sha256: hash.digest('hex'), rows };
}
