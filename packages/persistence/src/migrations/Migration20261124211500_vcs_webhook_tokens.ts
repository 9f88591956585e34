import { Migration } from '@mikro-orm/migrations'

export class Migration20261124211500_vcs_webhook_tokens extends Migration {
  override name = 'Migration20261124211500_vcs_webhook_tokens'

  override up(): void | Promise<void> {
    this.addSql(`alter table "registry_modules" add "webhook_token_digest" varchar(255) null;`)
    this.addSql(
      `alter table "registry_modules" add constraint "registry_modules_webhook_token_digest_unique" unique ("webhook_token_digest");`,
    )
    // VCS modules published before webhook tokens were stored get one now (their webhook URL
    // changes), and TFE's default for submodules.
    this.addSql(
      `update "registry_modules" set "vcs_repo" = "vcs_repo" || jsonb_build_object('webhookToken', gen_random_uuid()::text, 'ingressSubmodules', true) where "vcs_repo" is not null;`,
    )
    this.addSql(
      `update "registry_modules" set "webhook_token_digest" = encode(sha256(convert_to("vcs_repo"->>'webhookToken', 'UTF8')), 'hex') where "vcs_repo" is not null;`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(
      `update "registry_modules" set "vcs_repo" = "vcs_repo" - 'webhookToken' - 'ingressSubmodules' where "vcs_repo" is not null;`,
    )
    this.addSql(`alter table "registry_modules" drop constraint "registry_modules_webhook_token_digest_unique";`)
    this.addSql(`alter table "registry_modules" drop column "webhook_token_digest";`)
  }
}
