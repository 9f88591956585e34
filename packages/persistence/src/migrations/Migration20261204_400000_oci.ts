import { Migration } from '@mikro-orm/migrations'

export class Migration20261204_400000_oci extends Migration {
  override name = 'Migration20261204_400000_oci'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "module_packages" ("id" varchar(255) collate "C" not null, "version_id" varchar(255) collate "C" not null, "archive_sha256" varchar(255) collate "C" not null, "zip_sha256" varchar(255) collate "C" not null, "zip_size" bigint not null, "manifest" text not null, "manifest_sha256" varchar(255) collate "C" not null, "created_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(
      `alter table "module_packages" add constraint "module_packages_version_id_archive_sha256_unique" unique ("version_id", "archive_sha256");`,
    )
    this.addSql(`create index "module_packages_manifest_sha256_index" on "module_packages" ("manifest_sha256");`)
    this.addSql(`create index "module_packages_zip_sha256_index" on "module_packages" ("zip_sha256");`)
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "module_packages" cascade;`)
  }
}
