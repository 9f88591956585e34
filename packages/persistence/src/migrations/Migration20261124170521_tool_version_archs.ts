import { Migration } from '@mikro-orm/migrations'

export class Migration20261124170521_tool_version_archs extends Migration {
  override name = 'Migration20261124170521_tool_version_archs'

  override up(): void | Promise<void> {
    // Existing rows had only the linux/amd64 binary: it becomes their one entry.
    this.addSql(`alter table "tool_versions" add "archs" jsonb null;`)
    this.addSql(
      `update "tool_versions" set "archs" = jsonb_build_array(jsonb_build_object('url', "url", 'sha', "sha", 'os', 'linux', 'arch', 'amd64'));`,
    )
    this.addSql(`alter table "tool_versions" alter column "archs" set not null;`)
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tool_versions" drop column "archs";`)
  }
}
