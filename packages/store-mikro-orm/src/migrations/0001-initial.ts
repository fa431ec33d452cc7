import { Migration } from '@mikro-orm/migrations';

/**
 * The reference-data tables. Generated with the MikroORM migrator from `entities.ts` against an empty
 * database, then the sequences were added by hand; `migrations.test.ts` checks it still matches the entities.
 */
export class Migration0001Initial extends Migration {
  override name = '0001_initial';

  override up(): void {
    this.addSql(`create table "api_token" ("id" serial primary key, "name" varchar(255) not null, "token_hash" varchar(255) not null, "permissions" varchar(255) not null, "created_at" timestamptz not null, "revoked_at" timestamptz null);`);
    this.addSql(`alter table "api_token" add constraint "api_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create table "customer" ("id" serial primary key, "name" varchar(255) not null, "email" varchar(255) null, "discount" numeric(30,10) null, "tax_identification_number" varchar(255) null, "account_number" varchar(255) null, "credit_terms" varchar(255) null, "credit_limit" varchar(255) null, "payment_method" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create table "inventory_location" ("id" serial primary key, "name" varchar(255) not null, "shortname" varchar(255) null, "timezone" varchar(255) null, "description" text null, "phone1" varchar(255) null, "phone2" varchar(255) null, "address1" varchar(255) null, "address2" varchar(255) null, "city" varchar(255) null, "state" varchar(255) null, "postcode" varchar(255) null, "country" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "inventory_location" add constraint "inventory_location_name_unique" unique ("name");`);
    this.addSql(`create table "inventory_sublocation" ("id" serial primary key, "inventory_location_id" int not null, "name" varchar(255) not null, "has_bins" boolean not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "inventory_sublocation_inventory_location_id_index" on "inventory_sublocation" ("inventory_location_id");`);
    this.addSql(`alter table "inventory_sublocation" add constraint "inventory_sublocation_name_unique" unique ("inventory_location_id", "name");`);
    this.addSql(`create table "manufacturer" ("id" serial primary key, "name" varchar(255) not null, "short_name" varchar(255) null, "website" varchar(255) null, "address1" varchar(255) null, "address2" varchar(255) null, "address3" varchar(255) null, "city" varchar(255) null, "state" varchar(255) null, "postcode" varchar(255) null, "country" varchar(255) null, "phone1" varchar(255) null, "phone2" varchar(255) null, "phone3" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "manufacturer" add constraint "manufacturer_name_unique" unique ("name");`);
    this.addSql(`create table "parttype" ("id" serial primary key, "name" varchar(255) not null, "attrition" numeric(30,10) null, "is_non_material" boolean not null, "part_next" int not null, "partnumber_key" varchar(255) null, "parent_id" int null, "parent_only" boolean not null, "label_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "parttype_parent_id_index" on "parttype" ("parent_id");`);
    this.addSql(`alter table "parttype" add constraint "parttype_name_unique" unique ("name");`);
    this.addSql(`create table "unit" ("id" serial primary key, "name" varchar(255) not null, "description" varchar(255) null, "allow_fractional" boolean not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "unit" add constraint "unit_name_unique" unique ("name");`);
    this.addSql(`create table "unit_conversion" ("id" serial primary key, "from_unit_id" int not null, "to_unit_id" int not null, "factor" numeric(30,10) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "unit_conversion_from_unit_id_index" on "unit_conversion" ("from_unit_id");`);
    this.addSql(`create index "unit_conversion_to_unit_id_index" on "unit_conversion" ("to_unit_id");`);
    this.addSql(`alter table "unit_conversion" add constraint "unit_conversion_pair_unique" unique ("from_unit_id", "to_unit_id");`);
    this.addSql(`create table "vendor" ("id" serial primary key, "name" varchar(255) not null, "short_name" varchar(255) null, "website" varchar(255) null, "account_number" varchar(255) null, "address1" varchar(255) null, "address2" varchar(255) null, "address3" varchar(255) null, "city" varchar(255) null, "state" varchar(255) null, "postcode" varchar(255) null, "country" varchar(255) null, "phone1" varchar(255) null, "phone2" varchar(255) null, "phone3" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "vendor" add constraint "vendor_name_unique" unique ("name");`);
    this.addSql(`create table "linecard" ("id" serial primary key, "manufacturer_id" int not null, "vendor_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "linecard_manufacturer_id_index" on "linecard" ("manufacturer_id");`);
    this.addSql(`create index "linecard_vendor_id_index" on "linecard" ("vendor_id");`);
    this.addSql(`alter table "linecard" add constraint "linecard_pair_unique" unique ("manufacturer_id", "vendor_id");`);
    this.addSql(`create table "contact" ("id" serial primary key, "customer_id" int null, "vendor_id" int null, "first_name" varchar(255) null, "last_name" varchar(255) null, "email" varchar(255) null, "job_position" varchar(255) null, "address1" varchar(255) null, "address2" varchar(255) null, "address3" varchar(255) null, "city" varchar(255) null, "state" varchar(255) null, "postcode" varchar(255) null, "country" varchar(255) null, "phone1" varchar(255) null, "phone2" varchar(255) null, "phone3" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "contact_customer_id_index" on "contact" ("customer_id");`);
    this.addSql(`create index "contact_vendor_id_index" on "contact" ("vendor_id");`);
    this.addSql(`alter table "inventory_sublocation" add constraint "inventory_sublocation_inventory_location_id_foreign" foreign key ("inventory_location_id") references "inventory_location" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "parttype" add constraint "parttype_parent_id_foreign" foreign key ("parent_id") references "parttype" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "unit_conversion" add constraint "unit_conversion_from_unit_id_foreign" foreign key ("from_unit_id") references "unit" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "unit_conversion" add constraint "unit_conversion_to_unit_id_foreign" foreign key ("to_unit_id") references "unit" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "linecard" add constraint "linecard_manufacturer_id_foreign" foreign key ("manufacturer_id") references "manufacturer" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "linecard" add constraint "linecard_vendor_id_foreign" foreign key ("vendor_id") references "vendor" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "contact" add constraint "contact_customer_id_foreign" foreign key ("customer_id") references "customer" ("id") on update no action on delete no action;`);
    this.addSql(`alter table "contact" add constraint "contact_vendor_id_foreign" foreign key ("vendor_id") references "vendor" ("id") on update no action on delete no action;`);
    this.addSql(`create sequence "pips_part_number_seq";`);
    this.addSql(`create sequence "pips_asset_id_seq";`);
  }

  override down(): void {
    for (const table of [
      'contact',
      'linecard',
      'unit_conversion',
      'inventory_sublocation',
      'parttype',
      'api_token',
      'customer',
      'inventory_location',
      'manufacturer',
      'unit',
      'vendor',
    ]) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
    this.addSql(`drop sequence if exists "pips_part_number_seq";`);
    this.addSql(`drop sequence if exists "pips_asset_id_seq";`);
  }
}
