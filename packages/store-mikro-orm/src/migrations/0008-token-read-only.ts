import { Migration } from '@mikro-orm/migrations';

/**
 * A token may be read-only: it reads as its permissions allow and changes nothing. Tokens issued
 * before could always write, so they stay read-write: the column is added with `false` for them,
 * then loses its default, as the table declares none (a token states its scope when issued).
 */
export class Migration0008TokenReadOnly extends Migration {
  override name = '0008_token_read_only';

  override up(): void {
    this.addSql(`alter table "api_token" add "read_only" boolean not null default false;`);
    this.addSql(`alter table "api_token" alter column "read_only" drop default;`);
  }

  override down(): void {
    this.addSql(`alter table "api_token" drop column "read_only";`);
  }
}
