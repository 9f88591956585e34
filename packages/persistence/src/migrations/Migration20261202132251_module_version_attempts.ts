import { Migration } from '@mikro-orm/migrations'

export class Migration20261202132251_module_version_attempts extends Migration {
  override name = 'Migration20261202132251_module_version_attempts'

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "module_versions" add "attempt_status" text null, add "attempt_commit_sha" varchar(255) null, add "attempt_started_by" text null, add "attempt_at" timestamptz null;`,
    )
    this.addSql(`alter table "module_versions" rename column "error" to "attempt_error";`)

    // A version's status is derived from now on: `ok` while it serves an archive, else its latest
    // attempt's. A status other than pending and ok was that attempt's, with its reason (the
    // column renamed) and its time; who started it was not recorded, only by which route. A
    // version that kept an archive under a failed or unfinished attempt (a re-upload refused
    // after it was ok) serves that archive again: it is ok, the attempt shown beside it.
    this.addSql(`update "module_versions" as v set
      "attempt_status" = case when v."status" = 'reg_ingress_req_failed' then 'reg_ingress_failed' else v."status" end,
      "attempt_at" = v."updated_at",
      "attempt_commit_sha" = case when m."publishing_mechanism" = 'non_vcs' then null else v."commit_sha" end,
      "attempt_started_by" = case when m."publishing_mechanism" = 'non_vcs' then 'an upload link' else 'the module repository' end
      from "registry_modules" as m
      where m."id" = v."module_id" and v."status" in ('cloning', 'reg_ingressing', 'clone_failed', 'reg_ingress_failed', 'reg_ingress_req_failed');`)
    this.addSql(`update "module_versions" set "attempt_error" = null where "attempt_status" is null;`)

    this.addSql(`alter table "module_versions" drop constraint "module_versions_status_check";`)
    this.addSql(`alter table "module_versions" drop column "status";`)
    this.addSql(
      `alter table "module_versions" add constraint "module_versions_attempt_status_check" check ("attempt_status" in ('cloning', 'reg_ingressing', 'clone_failed', 'reg_ingress_failed'));`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "module_versions" drop constraint "module_versions_attempt_status_check";`)
    this.addSql(`alter table "module_versions" add "status" text not null default 'pending';`)
    this.addSql(
      `update "module_versions" set "status" = case when "archive_blob_key" is not null then 'ok' else coalesce("attempt_status", 'pending') end;`,
    )
    this.addSql(`update "module_versions" set "attempt_error" = null where "archive_blob_key" is not null;`)
    this.addSql(`alter table "module_versions" alter column "status" drop default;`)
    this.addSql(
      `alter table "module_versions" drop column "attempt_status", drop column "attempt_commit_sha", drop column "attempt_started_by", drop column "attempt_at";`,
    )
    this.addSql(`alter table "module_versions" rename column "attempt_error" to "error";`)
    this.addSql(
      `alter table "module_versions" add constraint "module_versions_status_check" check ("status" in ('pending', 'cloning', 'clone_failed', 'reg_ingress_req_failed', 'reg_ingressing', 'reg_ingress_failed', 'ok'));`,
    )
  }
}
