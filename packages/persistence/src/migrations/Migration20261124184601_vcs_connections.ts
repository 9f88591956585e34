import { Migration } from '@mikro-orm/migrations'

export class Migration20261124184601_vcs_connections extends Migration {
  override name = 'Migration20261124184601_vcs_connections'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "vcs_connections" ("id" varchar(255) collate "C" not null, "token_id" varchar(255) collate "C" not null, "organization_name" varchar(255) collate "C" not null, "name" varchar(255) null, "service_provider" text not null, "http_url" text not null, "api_url" text not null, "sealed_credential" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(`alter table "vcs_connections" add constraint "vcs_connections_token_id_unique" unique ("token_id");`)
    this.addSql(
      `create index "vcs_connections_organization_name_created_at_id_index" on "vcs_connections" ("organization_name", "created_at", "id");`,
    )

    this.addSql(
      `alter table "vcs_connections" add constraint "vcs_connections_organization_name_foreign" foreign key ("organization_name") references "organizations" ("name") on delete cascade;`,
    )
    this.addSql(
      `alter table "vcs_connections" add constraint "vcs_connections_service_provider_check" check ("service_provider" in ('github', 'github_enterprise', 'gitlab_hosted', 'gitlab_community_edition', 'gitlab_enterprise_edition', 'bitbucket_hosted', 'bitbucket_server', 'bitbucket_data_center', 'ado_server', 'ado_services'));`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "vcs_connections" cascade;`)
  }
}
