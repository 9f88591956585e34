import { Migration } from '@mikro-orm/migrations'

export class Migration20261125000000_store_changes extends Migration {
  override name = 'Migration20261125000000_store_changes'

  override up(): void | Promise<void> {
    // Bumped by every process after each write it commits, read by every process each second
    // (PostgresStoreChanges): the change feed that clears the caches of the others.
    this.addSql(`create sequence "store_changes";`)
  }

  override down(): void | Promise<void> {
    this.addSql(`drop sequence "store_changes";`)
  }
}
