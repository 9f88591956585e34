import { Migration } from '@mikro-orm/migrations'

export class Migration20261124230000_sealed_webhook_tokens extends Migration {
  override name = 'Migration20261124230000_sealed_webhook_tokens'

  override up(): void | Promise<void> {
    // Webhook tokens were stored in clear beside their digest. SQL cannot seal them with the
    // application's key, so they are dropped: those modules show no webhook URL until a resync
    // issues a new token (sealed, with its digest). VCS publishing had not been released.
    this.addSql(
      `update "registry_modules" set "vcs_repo" = ("vcs_repo" - 'webhookToken') || '{"webhook":null}'::jsonb, "webhook_token_digest" = null where "vcs_repo" is not null;`,
    )
  }
}
