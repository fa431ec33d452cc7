import { col } from './column';
import { defineTable } from './define-table';

/**
 * What a request sent with an `Idempotency-Key` did, kept for a day per token (docs/decisions.md,
 * "Idempotency keys"): claimed in its own committed row, marked in the same transaction as the
 * change it answers for, then its answer kept for a retry to be given instead of running again.
 */
export const idempotencyKeyTable = defineTable({
  columns: {
    id: col.id,
    /** The token's id, never its secret: a key is the token's own. */
    token_id: col.required.integer,
    idempotency_key: col.required.string,
    /** SHA-256 (hex) of the request's method, path, query and body: what a retry must repeat. */
    request_hash: col.required.string,
    /** Which run holds the key: a retry that takes an abandoned claim over gives it a new value. */
    claim: col.required.string,
    /** `running`, `committed` (its change is written), `done` (its answer is kept) or `lost`. */
    state: col.required.string,
    answer_status: col.integer,
    /** The answer's headers that a retry is given again, as JSON pairs. */
    answer_headers: col.text,
    answer_body: col.text,
    created_at: col.required.timestamp,
    claimed_at: col.required.timestamp,
  },
  unique: [{ name: 'idempotency_key_unique', columns: ['token_id', 'idempotency_key'], field: 'idempotency_key' }],
  references: [],
  indexes: [{ name: 'idempotency_key_created_at_index', columns: ['created_at'] }],
  label: 'idempotency keys',
});
