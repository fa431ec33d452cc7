import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox (docs/decisions.md, "Events"). Writers insert events with a null `position`; the
 * feed's numbering pass (`Tx.numberEvents`) gives them their numbers, in commit order with no gap,
 * under an advisory lock only passes take. The partial index (written by hand, as the entities
 * declare it) holds only the rows still to number, so a pass finds them at once.
 */
export class Migration0012Events extends Migration {
  override name = '0012_events';

  override up(): void {
    this.addSql(`create table "event" ("id" serial primary key, "position" int null, "type" varchar(255) not null, "occurred_at" timestamptz not null, "token_name" varchar(255) not null, "collection" varchar(255) not null, "record_id" int null, "permission" varchar(255) null, "payload" text not null);`);
    this.addSql(`create index "event_type_index" on "event" ("type");`);
    this.addSql(`create index "event_position_index" on "event" ("position");`);
    this.addSql(`create index "event_unnumbered_index" on "event" ("id") where "position" is null;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "event" cascade;`);
  }
}
