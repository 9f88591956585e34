import { Migration } from '@mikro-orm/migrations';

export class Migration20261121200326_initial extends Migration {

  override name = 'Migration20261121200326_initial';

  override up(): void | Promise<void> {
    this.addSql(`create table "tool_versions" ("id" varchar(255) not null, "version" varchar(255) not null, "url" text not null, "sha" varchar(255) not null, "deprecated" boolean not null, "deprecated_reason" text null, "official" boolean not null, "enabled" boolean not null, "beta" boolean not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "tool_versions" add constraint "tool_versions_version_unique" unique ("version");`);
    this.addSql(`create index "tool_versions_created_at_id_index" on "tool_versions" ("created_at", "id");`);

    this.addSql(`create table "users" ("id" varchar(255) not null, "username" varchar(255) not null, "email" varchar(255) not null, "is_site_admin" boolean not null, "is_suspended" boolean not null, "is_service_account" boolean not null, "two_factor_enabled" boolean not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`create table "auth_tokens" ("id" varchar(255) not null, "user_id" varchar(255) not null, "description" varchar(255) null, "secret_hash" varchar(255) not null, "created_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "auth_tokens_user_id_index" on "auth_tokens" ("user_id");`);

    this.addSql(`create table "workspaces" ("id" varchar(255) not null, "name" varchar(255) not null, "organization_name" varchar(255) not null, "tool_version_id" varchar(255) null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "workspaces_tool_version_id_index" on "workspaces" ("tool_version_id");`);
    this.addSql(`alter table "workspaces" add constraint "workspaces_organization_name_name_unique" unique ("organization_name", "name");`);

    this.addSql(`alter table "auth_tokens" add constraint "auth_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "workspaces" add constraint "workspaces_tool_version_id_foreign" foreign key ("tool_version_id") references "tool_versions" ("id") on delete no action;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "workspaces" drop constraint "workspaces_tool_version_id_foreign";`);
    this.addSql(`alter table "auth_tokens" drop constraint "auth_tokens_user_id_foreign";`);

    this.addSql(`drop table if exists "tool_versions" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "auth_tokens" cascade;`);
    this.addSql(`drop table if exists "workspaces" cascade;`);
  }

}
