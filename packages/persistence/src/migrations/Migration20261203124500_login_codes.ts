import { Migration } from '@mikro-orm/migrations'

export class Migration20261203124500_login_codes extends Migration {
  override name = 'Migration20261203124500_login_codes'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "login_codes" ("digest" varchar(255) collate "C" not null, "user_id" varchar(255) collate "C" not null, "session_id" varchar(255) collate "C" not null, "client_id" varchar(255) not null, "redirect_uri" text not null, "code_challenge" varchar(255) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("digest"));`,
    )
    this.addSql(`create index "login_codes_user_id_index" on "login_codes" ("user_id");`)
    this.addSql(`create index "login_codes_expires_at_index" on "login_codes" ("expires_at");`)
    this.addSql(
      `alter table "login_codes" add constraint "login_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "login_codes" cascade;`)
  }
}
