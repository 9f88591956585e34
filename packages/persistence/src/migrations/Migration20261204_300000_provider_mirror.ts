import { Migration } from '@mikro-orm/migrations'

export class Migration20261204_300000_provider_mirror extends Migration {
  override name = 'Migration20261204_300000_provider_mirror'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "mirrored_provider_archives" ("id" varchar(255) collate "C" not null, "hostname" varchar(255) collate "C" not null, "namespace" varchar(255) collate "C" not null, "type" varchar(255) collate "C" not null, "version" varchar(255) collate "C" not null, "os" varchar(255) collate "C" not null, "arch" varchar(255) collate "C" not null, "filename" text not null, "size" bigint not null, "h1" text not null, "sha256" text not null, "created_at" timestamptz not null, "last_used_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(
      `alter table "mirrored_provider_archives" add constraint "mirrored_provider_archives_platform_unique" unique ("hostname", "namespace", "type", "version", "os", "arch");`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "mirrored_provider_archives" cascade;`)
  }
}
