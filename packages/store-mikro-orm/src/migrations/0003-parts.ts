import { Migration } from '@mikro-orm/migrations';

/** Parts, their revisions and custom attributes, alternates, vendor part numbers and quotes. */
export class Migration0003Parts extends Migration {
  override name = '0003_parts';

  override up(): void {
    this.addSql(`create table "part" ("id" serial primary key, "partnumber" varchar(255) not null, "manufacturer_pn" varchar(255) not null, "manufacturer_id" int not null, "parttype_id" int not null, "unit_id" int not null, "preferred_vendor_id" int null, "value" double precision null, "value_text" varchar(255) null, "inventory_price" numeric(30,10) null, "estimated_cost" numeric(30,10) null, "estimated_cost_currency" varchar(255) null, "reorder_quantity" numeric(30,10) null, "inventory_maximum" numeric(30,10) null, "manufactured_here" boolean not null, "x_outsourced" boolean null, "x_outsourcing_location" varchar(255) null, "active_revision_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "part_manufacturer_id_index" on "part" ("manufacturer_id");`);
    this.addSql(`create index "part_parttype_id_index" on "part" ("parttype_id");`);
    this.addSql(`create index "part_unit_id_index" on "part" ("unit_id");`);
    this.addSql(`create index "part_preferred_vendor_id_index" on "part" ("preferred_vendor_id");`);
    this.addSql(`create index "part_active_revision_id_index" on "part" ("active_revision_id");`);
    this.addSql(`create index "part_updated_at_index" on "part" ("updated_at");`);
    this.addSql(`alter table "part" add constraint "part_partnumber_unique" unique ("partnumber");`);
    this.addSql(`create table "quote" ("id" serial primary key, "part_id" int not null, "vendor_id" int not null, "unit_id" int null, "unit_conversion_id" int null, "currency" varchar(255) not null, "price" numeric(30,10) not null, "quantity_min" numeric(30,10) null, "quantity_mult" numeric(30,10) null, "leadtime" int null, "valid_for" int null, "expires_on" timestamptz null, "inventory" numeric(30,10) null, "comment" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "quote_part_id_index" on "quote" ("part_id");`);
    this.addSql(`create index "quote_vendor_id_index" on "quote" ("vendor_id");`);
    this.addSql(`create index "quote_unit_id_index" on "quote" ("unit_id");`);
    this.addSql(`create index "quote_unit_conversion_id_index" on "quote" ("unit_conversion_id");`);
    this.addSql(`create table "part_revision" ("id" serial primary key, "part_id" int not null, "revision_name" varchar(255) not null, "revision_description" text null, "creator_id" int null, "released_at" timestamptz null, "releasor_id" int null, "comment" text null, "description" text null, "rohs" boolean null, "status" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "part_revision_part_id_index" on "part_revision" ("part_id");`);
    this.addSql(`alter table "part_revision" add constraint "part_revision_name_unique" unique ("part_id", "revision_name");`);
    this.addSql(`create table "part_revision_attribute" ("id" serial primary key, "part_revision_id" int not null, "name" varchar(255) not null, "value" text null, "value_text" varchar(255) null, "position" int not null);`);
    this.addSql(`create index "part_revision_attribute_part_revision_id_index" on "part_revision_attribute" ("part_revision_id");`);
    this.addSql(`alter table "part_revision_attribute" add constraint "part_revision_attribute_name_unique" unique ("part_revision_id", "name");`);
    this.addSql(`create table "alternate_part" ("id" serial primary key, "part_id" int not null, "alternate_part_id" int not null, "comment" text null, "quality" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "alternate_part_part_id_index" on "alternate_part" ("part_id");`);
    this.addSql(`create index "alternate_part_alternate_part_id_index" on "alternate_part" ("alternate_part_id");`);
    this.addSql(`alter table "alternate_part" add constraint "alternate_part_pair_unique" unique ("part_id", "alternate_part_id");`);
    this.addSql(`create table "vendor_part_number" ("id" serial primary key, "part_id" int not null, "vendor_id" int not null, "unit_id" int null, "part_number" varchar(255) not null, "comment" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "vendor_part_number_part_id_index" on "vendor_part_number" ("part_id");`);
    this.addSql(`create index "vendor_part_number_vendor_id_index" on "vendor_part_number" ("vendor_id");`);
    this.addSql(`create index "vendor_part_number_unit_id_index" on "vendor_part_number" ("unit_id");`);
    this.addSql(`alter table "part" add constraint "part_manufacturer_id_foreign" foreign key ("manufacturer_id") references "manufacturer" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "part" add constraint "part_parttype_id_foreign" foreign key ("parttype_id") references "parttype" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "part" add constraint "part_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "part" add constraint "part_preferred_vendor_id_foreign" foreign key ("preferred_vendor_id") references "vendor" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "part" add constraint "part_active_revision_id_foreign" foreign key ("active_revision_id") references "part_revision" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "quote" add constraint "quote_part_id_foreign" foreign key ("part_id") references "part" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "quote" add constraint "quote_vendor_id_foreign" foreign key ("vendor_id") references "vendor" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "quote" add constraint "quote_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "quote" add constraint "quote_unit_conversion_id_foreign" foreign key ("unit_conversion_id") references "unit_conversion" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "part_revision" add constraint "part_revision_part_id_foreign" foreign key ("part_id") references "part" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "part_revision_attribute" add constraint "part_revision_attribute_part_revision_id_foreign" foreign key ("part_revision_id") references "part_revision" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "alternate_part" add constraint "alternate_part_part_id_foreign" foreign key ("part_id") references "part" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "alternate_part" add constraint "alternate_part_alternate_part_id_foreign" foreign key ("alternate_part_id") references "part" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "vendor_part_number" add constraint "vendor_part_number_part_id_foreign" foreign key ("part_id") references "part" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "vendor_part_number" add constraint "vendor_part_number_vendor_id_foreign" foreign key ("vendor_id") references "vendor" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "vendor_part_number" add constraint "vendor_part_number_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on update no action on delete no action;`);
  }

  override down(): void {
    this.addSql(`alter table "part" drop constraint "part_active_revision_id_foreign";`);
    for (const table of ['vendor_part_number', 'alternate_part', 'part_revision_attribute', 'part_revision', 'quote', 'part']) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
