import type { TriggerDef } from '@mikro-orm/core';

/**
 * The trigger that numbers the outbox (migration 0012; docs/decisions.md, "Events"), declared on
 * the `event` entity so the schema comparator knows it is meant to be there. Its DDL is the
 * migration's, word for word.
 */
export const eventNumberTrigger: TriggerDef = {
  name: 'event_number',
  timing: 'before',
  events: ['insert'],
  forEach: 'row',
  expression:
    `create function "event_event_number_fn"() returns trigger language plpgsql volatile as $$ begin if current_setting('pips.restoring', true) is distinct from 'on' then perform pg_advisory_xact_lock(5785243513746620419); select coalesce(max("id"), 0) + 1 into new."id" from "event"; end if; return new; end $$;\n` +
    `create trigger "event_number" before insert on "event" for each row execute function "event_event_number_fn"();`,
};
