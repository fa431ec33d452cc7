import { describe } from 'vitest';
import { describeComparisons } from './comparisons';
import { describeConcurrency } from './concurrency';
import { describeConditions } from './conditions';
import type { ContractOptions } from './contract-options';
import { describeCrud } from './crud';
import { describeFloats } from './floats';
import { useFreshStore } from './harness';
import { describeLifecycle } from './lifecycle';
import { describeNotNull } from './not-null';
import { describeQueries } from './queries';
import { describeReferences } from './references';
import { describeSequences } from './sequences';
import { describeTextLength } from './text-length';
import { describeTransactions } from './transactions';
import { describeUniqueKeys } from './unique-keys';
import { describeWrites } from './writes';

/**
 * Registers the whole store contract as vitest cases. Every adapter runs it unchanged;
 * each case opens its own fresh store, so ids and sequences start at 1.
 */
export function runStoreContract(options: ContractOptions): void {
  describe(`store contract: ${options.name}`, () => {
    const h = useFreshStore(options);
    describeCrud(h);
    describeWrites(h);
    describeConditions(h);
    describeComparisons(h);
    describeQueries(h);
    describeUniqueKeys(h);
    describeReferences(h);
    describeNotNull(h);
    describeTextLength(h);
    describeFloats(h);
    describeTransactions(h);
    describeConcurrency(h);
    describeSequences(h);
    describeLifecycle(h);
  });
}
