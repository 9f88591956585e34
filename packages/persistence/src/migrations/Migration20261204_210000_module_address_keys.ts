import { Migration } from '@mikro-orm/migrations'

/**
 * The address index again with each module's id in it: a deep page of an organization's modules
 * finds its ids past the offset in this index alone (an index-only scan), then reads only its own
 * rows, where page 400 read the 8,000 rows before it.
 */
export class Migration20261204_210000_module_address_keys extends Migration {
  override name = 'Migration20261204_210000_module_address_keys'

  override up(): void | Promise<void> {
    this.addSql(
      `create index "registry_modules_address_id_index" on "registry_modules" ("organization_name", "namespace", "name", "provider", "registry_name") include ("id");`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "registry_modules_address_id_index";`)
  }
}
