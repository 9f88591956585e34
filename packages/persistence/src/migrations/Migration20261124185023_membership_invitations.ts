import { Migration } from '@mikro-orm/migrations'

export class Migration20261124185023_membership_invitations extends Migration {
  override name = 'Migration20261124185023_membership_invitations'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "general_settings" ("id" varchar(255) collate "C" not null, "limit_user_organization_creation" boolean not null, "api_rate_limiting_enabled" boolean not null, "api_rate_limit" int not null, "default_remote_state_access" boolean not null, "apply_timeout" varchar(255) not null, "plan_timeout" varchar(255) not null, primary key ("id"));`,
    )

    this.addSql(`alter table "users" alter column "username" drop not null;`)

    // Memberships made before invitations existed are active, at their member's address.
    this.addSql(
      `alter table "organization_memberships" add "status" varchar(255) null, add "email" varchar(255) null, add "invited_user_id" varchar(255) collate "C" null, add "invited_team_ids" jsonb null;`,
    )
    this.addSql(
      `update "organization_memberships" m set "status" = 'active', "email" = u."email", "invited_user_id" = m."user_id", "invited_team_ids" = '[]'::jsonb from "users" u where u."id" = m."user_id";`,
    )
    this.addSql(
      `alter table "organization_memberships" alter column "status" set not null, alter column "email" set not null, alter column "invited_user_id" set not null, alter column "invited_team_ids" set not null;`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "general_settings" cascade;`)

    this.addSql(
      `alter table "organization_memberships" drop column "status", drop column "email", drop column "invited_user_id", drop column "invited_team_ids";`,
    )

    this.addSql(`alter table "users" alter column "username" set not null;`)
  }
}
