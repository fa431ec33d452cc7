import { describe } from 'vitest';
import { checkCapabilities } from './capability';
import { describeComparisons } from './comparisons';
import { describeConcurrency } from './concurrency';
import { describeConditions } from './conditions';
import type { ContractOptions } from './contract-options';
import { describeCrud } from './crud';
import { describeEvents } from './events';
import { describeFloats } from './floats';
import { useFreshStore } from './harness';
import { describeInterleaving } from './interleaving';
import { describeLifecycle } from './lifecycle';
import { describeNamedLocks } from './named-locks';
import { describeRowLocks } from './row-locks';
import { describeNotNull } from './not-null';
import { describeNullsAndCodePoints } from './nulls-and-code-points';
import { describeOrConditions } from './or-conditions';
import { describeOrPlans } from './or-plans';
import { describePersistence } from './persistence';
import { describePlanParams } from './plan-params';
import { describePlans } from './plans';
import { describePostedWrites } from './posted-writes';
import { describeReads } from './reads';
import { describeQueries } from './queries';
import { describeReaches } from './reaches';
import { describeReferences } from './references';
import { describeSequences } from './sequences';
import { describeTextLength } from './text-length';
import { describeTextOperators } from './text-operators';
import { describeTransactions } from './transactions';
import { describeTrees } from './trees';
import { describeUniqueKeys } from './unique-keys';
import { describeWritePlans } from './write-plans';
import { describeWrites } from './writes';

/**
 * Registers the whole store contract as vitest cases. Every adapter runs it unchanged;
 * each case opens its own fresh store, so ids and sequences start at 1. Cases that depend on a
 * capability run as the adapter declares it (`capabilities`) and say so when skipped.
 */
export function runStoreContract(options: ContractOptions): void {
  checkCapabilities(options.name, options.capabilities, options.reopen);
  describe(`store contract: ${options.name}`, () => {
    const h = useFreshStore(options);
    describeCrud(h);
    describeWrites(h);
    describeWritePlans(h);
    describePostedWrites(h);
    describeEvents(h);
    describeConditions(h);
    describeTextOperators(h);
    describeOrConditions(h);
    describeComparisons(h);
    describeNullsAndCodePoints(h);
    describeQueries(h);
    describeReads(h);
    describePlans(h);
    describePlanParams(h);
    describeOrPlans(h);
    describeTrees(h);
    describeReaches(h);
    describeUniqueKeys(h);
    describeReferences(h);
    describeNotNull(h);
    describeTextLength(h);
    describeFloats(h);
    describeTransactions(h);
    describeConcurrency(h);
    describeInterleaving(h);
    describeNamedLocks(h);
    describeRowLocks(h);
    describeSequences(h);
    describeLifecycle(h);
    describePersistence(h);
  });
}
