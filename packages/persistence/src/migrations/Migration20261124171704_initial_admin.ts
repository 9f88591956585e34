import { Migration } from '@mikro-orm/migrations'

export class Migration20261124171704_initial_admin extends Migration {
  override name = 'Migration20261124171704_initial_admin'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "initial_admin_tokens" ("secret_hash" varchar(255) collate "C" not null, "created_at" timestamptz not null, primary key ("secret_hash"));`,
    )

    this.addSql(`alter table "users" add "password_hash" text null;`)
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "initial_admin_tokens" cascade;`)

    this.addSql(`alter table "users" drop column "password_hash";`)
  }
}
