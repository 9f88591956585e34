import { Migration } from '@mikro-orm/migrations'

export class Migration20261124213000_module_version_requirements extends Migration {
  override name = 'Migration20261124213000_module_version_requirements'

  override up(): void | Promise<void> {
    this.addSql(`alter table "module_versions" add "requirements" jsonb null;`)
    // What the application now writes beside the metadata, for the versions already stored.
    this.addSql(`update "module_versions" set "requirements" = jsonb_build_object(
      'root', jsonb_build_object('providerRequirements', "metadata" #> '{root,providerRequirements}', 'moduleCalls', "metadata" #> '{root,moduleCalls}'),
      'submodules', coalesce((select jsonb_agg(jsonb_build_object('path', s -> 'path', 'providerRequirements', s -> 'providerRequirements', 'moduleCalls', s -> 'moduleCalls'))
        from jsonb_array_elements("metadata" -> 'submodules') as s), '[]'::jsonb)
    ) where "metadata" is not null;`)
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "module_versions" drop column "requirements";`)
  }
}
