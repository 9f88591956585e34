import { Migration } from '@mikro-orm/migrations'

export class Migration20261203131500_token_last_used extends Migration {
  override name = 'Migration20261203131500_token_last_used'

  override up(): void | Promise<void> {
    this.addSql(`alter table "auth_tokens" add "last_used_at" timestamptz null;`)
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "auth_tokens" drop column "last_used_at";`)
  }
}
