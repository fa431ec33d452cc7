import { errors, isUniqueViolation } from '../errors';
import type { Clock, Store, Tx } from '../ports';
import type { IdempotencyKeyRow } from '../records';
import { insertRow, updateRow, writePlan } from '../write-plan';
import { CLAIM_LEASE_MS, decodeHeaders, KEY_LIFETIME_MS, keyStates, type KeptAnswer, type KeyClaim, type KeyRequest } from './kept-answer';

/** What the request does: run, holding the claim, or give the kept answer again. */
export type ClaimOutcome = { readonly run: KeyClaim } | { readonly replay: KeptAnswer };

const UNIQUE = 'idempotency_key_unique';

/**
 * Claims `request.key` for the request, in a transaction of its own that commits before the
 * request runs, so every other process sees the claim. A key used within the last day answers
 * for the request it was used with: its kept answer when the same request is sent again, 422
 * for another request, 409 while the first is still being answered. A key nobody holds any more
 * (expired, or its run gone with nothing written past its lease) is claimed afresh.
 */
export async function claimKey(store: Store, clock: Clock, request: KeyRequest): Promise<ClaimOutcome> {
  const now = clock.now();
  try {
    return await store.transaction((tx) => claimIn(tx, now, request));
  } catch (error) {
    // Two first requests at once: the one whose insert lost reads the winner's claim.
    if (!isUniqueViolation(error, UNIQUE)) throw error;
    return store.transaction((tx) => claimIn(tx, now, request));
  }
}

async function claimIn(tx: Tx, now: Date, request: KeyRequest): Promise<ClaimOutcome> {
  const keys = tx.repo('idempotency_key');
  const row = await keys.findOne({ token_id: request.tokenId, idempotency_key: request.key }, { lock: true });
  if (!row) {
    const step = insertRow('idempotency_key', fresh(now, request));
    const written = await tx.write(writePlan([step]), { commit: true });
    return { run: { id: written.row(step).id, claim: request.claim } };
  }
  if (now.getTime() - row.created_at.getTime() >= KEY_LIFETIME_MS) return takeOver(tx, row, fresh(now, request), request);
  if (row.request_hash !== request.requestHash) throw errors.idempotencyKeyReused();
  const leaseOver = now.getTime() - row.claimed_at.getTime() >= CLAIM_LEASE_MS;
  switch (row.state) {
    case keyStates.done:
      return { replay: { status: row.answer_status ?? 200, headers: decodeHeaders(row.answer_headers), body: row.answer_body ?? '' } };
    case keyStates.running:
      if (!leaseOver) throw errors.idempotencyKeyInUse();
      return takeOver(tx, row, { claim: request.claim, claimed_at: now }, request);
    case keyStates.committed:
      // Its change is written: it never runs again. Past the lease its answer will not come.
      throw leaseOver ? errors.idempotencyAnswerLost() : errors.idempotencyKeyInUse();
    default:
      throw errors.idempotencyAnswerLost();
  }
}

function fresh(now: Date, request: KeyRequest): Omit<IdempotencyKeyRow, 'id'> {
  return {
    token_id: request.tokenId,
    idempotency_key: request.key,
    request_hash: request.requestHash,
    claim: request.claim,
    state: keyStates.running,
    answer_status: null,
    answer_headers: null,
    answer_body: null,
    created_at: now,
    claimed_at: now,
  };
}

/**
 * The row is given to this request's run. A run that held it before and is still going finds
 * its claim gone when it comes to write, and its transaction fails (`marking-store.ts`).
 */
async function takeOver(tx: Tx, row: IdempotencyKeyRow, patch: Partial<Omit<IdempotencyKeyRow, 'id'>>, request: KeyRequest): Promise<ClaimOutcome> {
  await tx.write(writePlan([updateRow('idempotency_key', row.id, patch, { claim: row.claim })]), { commit: true });
  return { run: { id: row.id, claim: request.claim } };
}
