import { Migration } from '@mikro-orm/migrations'

export class Migration20261203123603_tfe_provider_settings extends Migration {
  override name = 'Migration20261203123603_tfe_provider_settings'

  override up(): void | Promise<void> {
    // Organizations stored before get an external id of the form the application writes,
    // `org-` and 16 alphanumerics (hex digits of a random UUID here), and the real API's defaults.
    this.addSql(
      `alter table "organizations" add "external_id" varchar(255) null, add "speculative_plan_management_enabled" boolean not null default true;`,
    )
    this.addSql(`update "organizations" set "external_id" = 'org-' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16);`)
    this.addSql(
      `alter table "organizations" alter column "external_id" set not null, alter column "speculative_plan_management_enabled" drop default;`,
    )
    this.addSql(`alter table "organizations" add constraint "organizations_external_id_unique" unique ("external_id");`)

    this.addSql(`alter table "teams" add "allow_member_token_management" boolean not null default true;`)
    this.addSql(`alter table "teams" alter column "allow_member_token_management" drop default;`)
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "organizations" drop constraint "organizations_external_id_unique";`)
    this.addSql(`alter table "organizations" drop column "external_id", drop column "speculative_plan_management_enabled";`)
    this.addSql(`alter table "teams" drop column "allow_member_token_management";`)
  }
}
