import type { Store, Tx } from '../ports';
import { updateRow, writePlan, type WritePlan, type WriteStep } from '../write-plan';
import { keyStates, type KeyClaim } from './kept-answer';

/**
 * The store a request holding `claim` runs its command on. Every transaction it opens marks the
 * key `committed` as part of its own writes: in the same statement as the command's write plan
 * (the first one the transaction sends), or, when the command wrote otherwise, just before it
 * commits. So the change and the mark are committed together or not at all: a run that crashes
 * after its commit leaves a key that says so, and a retry never runs it again. The mark expects
 * the row to hold this run's claim: when a retry took the claim over (the run was presumed gone),
 * the run's write fails and is rolled back, so of the two only one ever writes.
 */
export function markingStore(store: Store, claim: KeyClaim): Store {
  return {
    description: store.description,
    transaction: (work) =>
      store.transaction(async (tx) => {
        let marked = false;
        const marking: Tx = {
          repo: (table) => tx.repo(table),
          load: (plan, args) => tx.load(plan, args),
          nextValue: (sequence) => tx.nextValue(sequence),
          takeLock: (name) => tx.takeLock(name),
          lockRows: (plan, args) => tx.lockRows(plan, args),
          numberEvents: () => tx.numberEvents(),
          write: (plan, options) => {
            if (marked) return tx.write(plan, options);
            marked = true;
            return tx.write(withMark(plan, claim), options);
          },
        };
        const result = await work(marking);
        if (!marked) await tx.write(writePlan([markStep(claim)]));
        return result;
      }),
    read: (work) => store.read(work),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}

function markStep(claim: KeyClaim): WriteStep {
  return updateRow('idempotency_key', claim.id, { state: keyStates.committed }, { claim: claim.claim });
}

// The command's steps keep their places (what it reads its written rows by); the mark comes last.
function withMark(plan: WritePlan, claim: KeyClaim): WritePlan {
  return { steps: [...plan.steps, markStep(claim)] };
}
