import { Migration } from '@mikro-orm/migrations';

/** A unit's description is free text, like a location's: no 255-character limit. */
export class Migration0002UnitDescriptionText extends Migration {
  override name = '0002_unit_description_text';

  override up(): void {
    this.addSql(`alter table "unit" alter column "description" type text using ("description"::text);`);
  }

  override down(): void {
    this.addSql(`alter table "unit" alter column "description" type varchar(255) using ("description"::varchar(255));`);
  }
}
