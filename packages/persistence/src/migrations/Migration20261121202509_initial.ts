import { Migration } from '@mikro-orm/migrations'

export class Migration20261121202509_initial extends Migration {
  override name = 'Migration20261121202509_initial'

  override up(): void | Promise<void> {
    // Hand-written: the generator cannot express extensions. pg_trgm's GIN operator class serves
    // the ILIKE '%…%' searches (the *_trgm_index indexes, at the end); PGlite must load it first.
    this.addSql(`create extension if not exists pg_trgm;`)

    this.addSql(
      `create table "audit_events" ("id" varchar(255) collate "C" not null, "position" bigserial, "type" varchar(255) not null, "actor_id" varchar(255) null, "target_id" varchar(255) not null, "reason" text null, "occurred_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(`alter table "audit_events" add constraint "audit_events_position_unique" unique ("position");`)

    this.addSql(
      `create table "organizations" ("name" varchar(255) collate "C" not null, "email" varchar(255) not null, "created_at" timestamptz not null, primary key ("name"));`,
    )

    this.addSql(
      `create table "registry_modules" ("id" varchar(255) collate "C" not null, "organization_name" varchar(255) collate "C" not null, "registry_name" text not null, "namespace" varchar(255) collate "C" not null, "name" varchar(255) collate "C" not null, "provider" varchar(255) collate "C" not null, "status" text not null, "publishing_mechanism" text not null, "no_code" boolean not null, "vcs_repo" jsonb null, "tests_enabled" boolean not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(
      `alter table "registry_modules" add constraint "registry_modules_address_unique" unique ("organization_name", "namespace", "name", "provider", "registry_name");`,
    )

    this.addSql(
      `create table "module_versions" ("id" varchar(255) collate "C" not null, "module_id" varchar(255) collate "C" not null, "version" varchar(255) collate "C" not null, "status" text not null, "error" text null, "source" text not null, "commit_sha" varchar(255) null, "upload_generation" int not null, "archive_blob_key" varchar(255) null, "archive_sha256" varchar(255) null, "archive_size" bigint null, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(`create index "module_versions_module_id_created_at_id_index" on "module_versions" ("module_id", "created_at", "id");`)
    this.addSql(`create index "module_versions_archive_blob_key_index" on "module_versions" ("archive_blob_key");`)
    this.addSql(`alter table "module_versions" add constraint "module_versions_module_id_version_unique" unique ("module_id", "version");`)

    this.addSql(
      `create table "teams" ("id" varchar(255) collate "C" not null, "organization_name" varchar(255) collate "C" not null, "name" varchar(255) collate "C" not null, "manage_modules" boolean not null, "manage_workspaces" boolean not null, "created_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(`alter table "teams" add constraint "teams_organization_name_name_unique" unique ("organization_name", "name");`)

    this.addSql(
      `create table "tool_versions" ("id" varchar(255) collate "C" not null, "version" varchar(255) not null, "url" text not null, "sha" varchar(255) not null, "deprecated" boolean not null, "deprecated_reason" text null, "official" boolean not null, "enabled" boolean not null, "beta" boolean not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(`alter table "tool_versions" add constraint "tool_versions_version_unique" unique ("version");`)
    this.addSql(`create index "tool_versions_created_at_id_index" on "tool_versions" ("created_at", "id");`)

    this.addSql(
      `create table "users" ("id" varchar(255) collate "C" not null, "username" varchar(255) collate "C" not null, "email" varchar(255) not null, "is_site_admin" boolean not null, "is_suspended" boolean not null, "is_service_account" boolean not null, "two_factor_enabled" boolean not null, "created_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`)
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`)
    this.addSql(`create index "users_site_admin_username_index" on "users" ("username") where "is_site_admin";`)
    this.addSql(`create index "users_suspended_username_index" on "users" ("username") where "is_suspended";`)

    this.addSql(
      `create table "team_members" ("team_id" varchar(255) collate "C" not null, "user_id" varchar(255) collate "C" not null, primary key ("team_id", "user_id"));`,
    )
    this.addSql(`create index "team_members_user_id_index" on "team_members" ("user_id");`)

    this.addSql(
      `create table "sessions" ("id" varchar(255) collate "C" not null, "user_id" varchar(255) collate "C" not null, "impersonator_id" varchar(255) collate "C" null, "reason" text null, "secret_hash" varchar(255) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "ended_at" timestamptz null, primary key ("id"));`,
    )
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`)
    this.addSql(`create index "sessions_impersonator_id_index" on "sessions" ("impersonator_id");`)

    this.addSql(
      `create table "organization_memberships" ("id" varchar(255) collate "C" not null, "organization_name" varchar(255) collate "C" not null, "user_id" varchar(255) collate "C" not null, "created_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(`create index "organization_memberships_user_id_index" on "organization_memberships" ("user_id");`)
    this.addSql(
      `create index "organization_memberships_organization_name_created_at_id_index" on "organization_memberships" ("organization_name", "created_at", "id");`,
    )
    this.addSql(
      `alter table "organization_memberships" add constraint "organization_memberships_organization_name_user_id_unique" unique ("organization_name", "user_id");`,
    )

    this.addSql(
      `create table "auth_tokens" ("id" varchar(255) collate "C" not null, "kind" text not null, "user_id" varchar(255) collate "C" null, "team_id" varchar(255) collate "C" null, "organization_name" varchar(255) collate "C" null, "description" varchar(255) null, "secret_hash" varchar(255) not null, "created_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("id"));`,
    )
    this.addSql(`create index "auth_tokens_user_id_index" on "auth_tokens" ("user_id");`)
    this.addSql(`create index "auth_tokens_team_id_index" on "auth_tokens" ("team_id");`)
    this.addSql(`create index "auth_tokens_organization_name_index" on "auth_tokens" ("organization_name");`)

    this.addSql(
      `create table "workspaces" ("id" varchar(255) collate "C" not null, "name" varchar(255) collate "C" not null, "organization_name" varchar(255) collate "C" not null, "tool_version_id" varchar(255) collate "C" null, "locked" boolean not null, "created_at" timestamptz not null, "latest_change_at" timestamptz not null, "current_run_id" varchar(255) null, "current_run_status" text null, "current_run_created_at" timestamptz null, primary key ("id"));`,
    )
    this.addSql(`create index "workspaces_tool_version_id_index" on "workspaces" ("tool_version_id");`)
    this.addSql(`create index "workspaces_name_id_index" on "workspaces" ("name", "id");`)
    this.addSql(`create index "workspaces_latest_change_at_id_index" on "workspaces" ("latest_change_at", "id");`)
    this.addSql(`create index "workspaces_current_run_created_at_id_index" on "workspaces" ("current_run_created_at", "id");`)
    this.addSql(`create index "workspaces_current_run_status_index" on "workspaces" ("current_run_status");`)
    this.addSql(`alter table "workspaces" add constraint "workspaces_organization_name_name_unique" unique ("organization_name", "name");`)

    this.addSql(
      `create table "runs" ("id" varchar(255) collate "C" not null, "workspace_id" varchar(255) collate "C" not null, "status" text not null, "message" text not null, "created_at" timestamptz not null, "status_changed_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(`create index "runs_workspace_id_created_at_id_index" on "runs" ("workspace_id", "created_at", "id");`)

    this.addSql(
      `alter table "registry_modules" add constraint "registry_modules_organization_name_foreign" foreign key ("organization_name") references "organizations" ("name") on delete cascade;`,
    )
    this.addSql(
      `alter table "registry_modules" add constraint "registry_modules_registry_name_check" check ("registry_name" in ('private', 'public'));`,
    )
    this.addSql(
      `alter table "registry_modules" add constraint "registry_modules_status_check" check ("status" in ('pending', 'no_version_tags', 'setup_failed', 'setup_complete'));`,
    )
    this.addSql(
      `alter table "registry_modules" add constraint "registry_modules_publishing_mechanism_check" check ("publishing_mechanism" in ('non_vcs', 'git_tag', 'branch'));`,
    )

    this.addSql(
      `alter table "module_versions" add constraint "module_versions_module_id_foreign" foreign key ("module_id") references "registry_modules" ("id") on delete cascade;`,
    )
    this.addSql(
      `alter table "module_versions" add constraint "module_versions_status_check" check ("status" in ('pending', 'cloning', 'clone_failed', 'reg_ingress_req_failed', 'reg_ingressing', 'reg_ingress_failed', 'ok'));`,
    )
    this.addSql(`alter table "module_versions" add constraint "module_versions_source_check" check ("source" in ('tfe-api'));`)

    this.addSql(
      `alter table "teams" add constraint "teams_organization_name_foreign" foreign key ("organization_name") references "organizations" ("name") on delete cascade;`,
    )

    this.addSql(
      `alter table "team_members" add constraint "team_members_team_id_foreign" foreign key ("team_id") references "teams" ("id") on update cascade on delete cascade;`,
    )
    this.addSql(
      `alter table "team_members" add constraint "team_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    )

    this.addSql(
      `alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    )
    this.addSql(
      `alter table "sessions" add constraint "sessions_impersonator_id_foreign" foreign key ("impersonator_id") references "users" ("id") on delete cascade;`,
    )

    this.addSql(
      `alter table "organization_memberships" add constraint "organization_memberships_organization_name_foreign" foreign key ("organization_name") references "organizations" ("name") on delete cascade;`,
    )
    this.addSql(
      `alter table "organization_memberships" add constraint "organization_memberships_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    )

    this.addSql(
      `alter table "auth_tokens" add constraint "auth_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    )
    this.addSql(
      `alter table "auth_tokens" add constraint "auth_tokens_team_id_foreign" foreign key ("team_id") references "teams" ("id") on delete cascade;`,
    )
    this.addSql(
      `alter table "auth_tokens" add constraint "auth_tokens_organization_name_foreign" foreign key ("organization_name") references "organizations" ("name") on delete cascade;`,
    )
    this
      .addSql(`alter table "auth_tokens" add constraint "auth_tokens_subject_check" check (("kind" = 'user' and "user_id" is not null and "team_id" is null and "organization_name" is null)
        or ("kind" = 'team' and "team_id" is not null and "user_id" is null and "organization_name" is null)
        or ("kind" = 'organization' and "organization_name" is not null and "user_id" is null and "team_id" is null));`)
    this.addSql(`alter table "auth_tokens" add constraint "auth_tokens_kind_check" check ("kind" in ('user', 'team', 'organization'));`)

    this.addSql(
      `alter table "workspaces" add constraint "workspaces_organization_name_foreign" foreign key ("organization_name") references "organizations" ("name") on delete cascade;`,
    )
    this.addSql(
      `alter table "workspaces" add constraint "workspaces_tool_version_id_foreign" foreign key ("tool_version_id") references "tool_versions" ("id") on delete no action;`,
    )
    this.addSql(
      `alter table "workspaces" add constraint "workspaces_current_run_status_check" check ("current_run_status" in ('pending', 'plan_queued', 'planning', 'planned', 'confirmed', 'apply_queued', 'applying', 'applied', 'discarded', 'errored', 'canceled', 'cost_estimating', 'cost_estimated', 'policy_checking', 'policy_override', 'policy_soft_failed', 'policy_checked', 'planned_and_finished'));`,
    )

    this.addSql(
      `alter table "runs" add constraint "runs_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on delete cascade;`,
    )
    this.addSql(
      `alter table "runs" add constraint "runs_status_check" check ("status" in ('pending', 'plan_queued', 'planning', 'planned', 'confirmed', 'apply_queued', 'applying', 'applied', 'discarded', 'errored', 'canceled', 'cost_estimating', 'cost_estimated', 'policy_checking', 'policy_override', 'policy_soft_failed', 'policy_checked', 'planned_and_finished'));`,
    )

    // Hand-written: the operator class is qualified with the schema pg_trgm lives in, which need
    // not be on the search path (an existing installation, or migrations run in another schema).
    this.addSql(`do $$
      declare trgm text := (select quote_ident(n.nspname) from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm');
      begin
        execute format('create index "users_username_trgm_index" on "users" using gin ("username" %s.gin_trgm_ops)', trgm);
        execute format('create index "users_email_trgm_index" on "users" using gin ("email" %s.gin_trgm_ops)', trgm);
        execute format('create index "workspaces_name_trgm_index" on "workspaces" using gin ("name" %s.gin_trgm_ops)', trgm);
        execute format('create index "workspaces_organization_name_trgm_index" on "workspaces" using gin ("organization_name" %s.gin_trgm_ops)', trgm);
      end $$;`)
  }

  override down(): void | Promise<void> {
    // pg_trgm stays: it is database-wide, and other schemas of the database may use it.
    this.addSql(`alter table "registry_modules" drop constraint "registry_modules_organization_name_foreign";`)
    this.addSql(`alter table "teams" drop constraint "teams_organization_name_foreign";`)
    this.addSql(`alter table "organization_memberships" drop constraint "organization_memberships_organization_name_foreign";`)
    this.addSql(`alter table "auth_tokens" drop constraint "auth_tokens_organization_name_foreign";`)
    this.addSql(`alter table "workspaces" drop constraint "workspaces_organization_name_foreign";`)
    this.addSql(`alter table "module_versions" drop constraint "module_versions_module_id_foreign";`)
    this.addSql(`alter table "team_members" drop constraint "team_members_team_id_foreign";`)
    this.addSql(`alter table "auth_tokens" drop constraint "auth_tokens_team_id_foreign";`)
    this.addSql(`alter table "workspaces" drop constraint "workspaces_tool_version_id_foreign";`)
    this.addSql(`alter table "team_members" drop constraint "team_members_user_id_foreign";`)
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`)
    this.addSql(`alter table "sessions" drop constraint "sessions_impersonator_id_foreign";`)
    this.addSql(`alter table "organization_memberships" drop constraint "organization_memberships_user_id_foreign";`)
    this.addSql(`alter table "auth_tokens" drop constraint "auth_tokens_user_id_foreign";`)
    this.addSql(`alter table "runs" drop constraint "runs_workspace_id_foreign";`)

    this.addSql(`drop table if exists "audit_events" cascade;`)
    this.addSql(`drop table if exists "organizations" cascade;`)
    this.addSql(`drop table if exists "registry_modules" cascade;`)
    this.addSql(`drop table if exists "module_versions" cascade;`)
    this.addSql(`drop table if exists "teams" cascade;`)
    this.addSql(`drop table if exists "tool_versions" cascade;`)
    this.addSql(`drop table if exists "users" cascade;`)
    this.addSql(`drop table if exists "team_members" cascade;`)
    this.addSql(`drop table if exists "sessions" cascade;`)
    this.addSql(`drop table if exists "organization_memberships" cascade;`)
    this.addSql(`drop table if exists "auth_tokens" cascade;`)
    this.addSql(`drop table if exists "workspaces" cascade;`)
    this.addSql(`drop table if exists "runs" cascade;`)
  }
}
