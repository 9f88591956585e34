import { Migration } from '@mikro-orm/migrations'

export class Migration20261128123300_module_version_download_counts extends Migration {
  override name = 'Migration20261128123300_module_version_download_counts'

  override up(): void | Promise<void> {
    // Half-full pages: an increment then fits beside the row it replaces, and touches no index.
    this.addSql(
      `create table "module_version_downloads" ("version_id" varchar(255) collate "C" not null, "downloads" int not null, primary key ("version_id")) with (fillfactor = 50);`,
    )

    this.addSql(
      `insert into "module_version_downloads" ("version_id", "downloads") select "id", "downloads" from "module_versions" where "downloads" > 0;`,
    )

    this.addSql(`alter table "module_versions" drop column "downloads";`)

    this.addSql(
      `alter table "module_version_downloads" add constraint "module_version_downloads_version_id_foreign" foreign key ("version_id") references "module_versions" ("id") on update cascade on delete cascade;`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "module_versions" add "downloads" int4 not null default 0;`)

    this.addSql(
      `update "module_versions" set "downloads" = d."downloads" from "module_version_downloads" d where d."version_id" = "module_versions"."id";`,
    )

    this.addSql(`drop table if exists "module_version_downloads" cascade;`)
  }
}
