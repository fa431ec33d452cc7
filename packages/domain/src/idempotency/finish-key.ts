import { isPipsError } from '../errors';
import type { Clock, Store } from '../ports';
import { deleteRows, updateRow, writePlan } from '../write-plan';
import { encodeHeaders, KEY_LIFETIME_MS, keyStates, type KeptAnswer, type KeyClaim } from './kept-answer';

/**
 * Keeps the answer a run gave, for a retry to be given it again. A run whose claim was taken over
 * keeps nothing: the run that took it keeps its own.
 */
export async function keepAnswer(store: Store, claim: KeyClaim, answer: KeptAnswer): Promise<void> {
  const patch = { state: keyStates.done, answer_status: answer.status, answer_headers: encodeHeaders(answer.headers), answer_body: answer.body };
  await ignoringStale(store.transaction((tx) => tx.write(writePlan([updateRow('idempotency_key', claim.id, patch, { claim: claim.claim })]), { commit: true })));
}

/**
 * Ends a run whose answer is not kept (a failure of the service, 5xx, or a caller gone). A run
 * that wrote nothing gives its key back, so a retry runs again; one whose change is committed
 * leaves it `lost`, so a retry is told so instead of making the change twice.
 */
export async function finishWithoutAnswer(store: Store, claim: KeyClaim): Promise<void> {
  await ignoringStale(
    store.transaction(async (tx) => {
      const mine = { id: claim.id, claim: claim.claim };
      const released = await tx.write(writePlan([deleteRows('idempotency_key', { ...mine, state: keyStates.running })]));
      if (released.steps[0]?.length) return;
      await tx.write(writePlan([updateRow('idempotency_key', claim.id, { state: keyStates.lost }, { claim: claim.claim, state: keyStates.committed })]), {
        commit: true,
      });
    }),
  );
}

/** Removes the keys a day old or older (what a claim counts as expired), whoever holds them; answers how many went. */
export async function sweepKeys(store: Store, clock: Clock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - KEY_LIFETIME_MS);
  return store.transaction((tx) => tx.repo('idempotency_key').deleteWhere({ created_at: { $lte: cutoff } }));
}

// The row changed under this run (a retry took it over, or it is gone): nothing of it is ours.
async function ignoringStale(done: Promise<unknown>): Promise<void> {
  try {
    await done;
  } catch (error) {
    if (isPipsError(error) && error.details.stale?.table === 'idempotency_key') return;
    throw error;
  }
}
