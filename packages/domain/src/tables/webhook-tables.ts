import { col } from './column';
import { defineTable } from './define-table';

/**
 * A subscriber to the event feed (docs/decisions.md, "Webhooks"): where its events are posted,
 * which ones, and how far it has got. Delivery reads events after `delivered_through`, posts them
 * one at a time in order and moves the mark past each one the subscriber took.
 */
export const webhookTable = defineTable({
  columns: {
    id: col.id,
    url: col.required.text,
    /** Event types or families (`inventory_unit`), space separated, sorted; null for every event. */
    types: col.text,
    /** The signing secret (`whsec_…`); never listed, logged or put in an event. */
    secret: col.required.string,
    /** The feed position of the last event the subscriber took (or skipped, not matching `types`). */
    delivered_through: col.required.integer,
    /** `active` (delivered, or retried with backoff) or `failing` (failed for a day: stopped until resumed). */
    state: col.required.string,
    /** Failed attempts at the next event since the last success. */
    attempts: col.required.integer,
    /** When the current run of failures began; null while deliveries succeed. */
    failing_since: col.timestamp,
    /** No attempt before this time (the backoff after a failure). */
    next_attempt_at: col.required.timestamp,
    /** Why the last attempt failed, in a few words (`HTTP 500`, `connection refused`). */
    last_error: col.string,
    last_delivered_at: col.timestamp,
    /** Which process delivers now: a lease it renews while it delivers, so one process at a time does. */
    lease: col.string,
    leased_until: col.timestamp,
    created_at: col.required.timestamp,
  },
  unique: [],
  references: [],
  indexes: [],
  label: 'webhooks',
});
