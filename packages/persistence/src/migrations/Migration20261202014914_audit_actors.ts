import { Migration } from '@mikro-orm/migrations'

export class Migration20261202014914_audit_actors extends Migration {
  override name = 'Migration20261202014914_audit_actors'

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "audit_events" add "actor_kind" varchar(255) null, add "actor_token_id" varchar(255) null, add "target_name" text null, add "organization_name" varchar(255) null, add "changes" jsonb not null default '[]';`,
    )

    // New events always name the kind of their actor and list their changes. Of the events before,
    // those with an actor were a user's, and re-uploads came through an upload link; the others
    // (the operator's, a team's or an organization's: they were not told apart) keep no kind.
    this.addSql(`alter table "audit_events" alter column "changes" drop default;`)
    this.addSql(`update "audit_events" set "actor_kind" = 'user' where "actor_id" is not null;`)
    this.addSql(`update "audit_events" set "actor_kind" = 'upload-link' where "actor_id" is null and "type" = 'module_version.reuploaded';`)
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "audit_events" drop column "actor_kind", drop column "actor_token_id", drop column "target_name", drop column "organization_name", drop column "changes";`,
    )
  }
}
