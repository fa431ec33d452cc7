import { col } from './column';
import { defineTable } from './define-table';

/**
 * The outbox: one row per change, written in the transaction that makes the change, without a
 * feed number. The feed numbers it before it reads (`Tx.numberEvents`): its `position` is the
 * event's sequence number, global, gap-free and in commit order (docs/decisions.md, "Events").
 */
export const eventTable = defineTable({
  columns: {
    id: col.id,
    /** The sequence number the feed answers; null until a numbering pass has seen the row committed. */
    position: col.integer,
    /** `inventory_unit.split`, `part.updated`, … */
    type: col.required.string,
    occurred_at: col.required.timestamp,
    /** The name of the token that made the change (never its secret). */
    token_name: col.required.string,
    /** Where the record lives, without its own id (`part/12/inventory`). */
    collection: col.required.string,
    /** The record's id: with `collection`, its path (`part/12/inventory/34`). */
    record_id: col.integer,
    /** The permission a reader needs to see it (`view_inventory` for stock); null for none. */
    permission: col.string,
    /** The fields the change wrote, by column, as JSON. */
    payload: col.required.text,
  },
  unique: [],
  references: [],
  indexes: [
    { name: 'event_type_index', columns: ['type'] },
    { name: 'event_position_index', columns: ['position'] },
  ],
  label: 'events',
});
