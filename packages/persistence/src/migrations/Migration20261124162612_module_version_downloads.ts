import { Migration } from '@mikro-orm/migrations'

export class Migration20261124162612_module_version_downloads extends Migration {
  override name = 'Migration20261124162612_module_version_downloads'

  override up(): void | Promise<void> {
    this.addSql(`alter table "module_versions" add "downloads" int not null default 0;`)
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "module_versions" drop column "downloads";`)
  }
}
